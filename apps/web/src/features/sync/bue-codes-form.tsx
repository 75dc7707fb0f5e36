import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { BUE_CODE_PATTERN, type SyncRequest } from "@portal/shared/schemas/sync";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { hasErrorCode, isApiError } from "../../lib/api-error.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { SYNC_QUERY_KEY, saveCodes } from "./sync-api.ts";

const FIELDS = ["studentCode", "rep1ContactCodeBue", "rep2ContactCodeBue"] as const;
type Field = (typeof FIELDS)[number];

/** The request's BUE codes (student, contact of each representative), saved under the request's version. */
export function BueCodesForm({ request, canManage }: { request: SyncRequest; canManage: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const initial = Object.fromEntries(FIELDS.map((field) => [field, request.row[field]])) as Record<Field, string>;
  const [values, setValues] = useState(initial);
  const mutation = useMutation({
    mutationFn: () => saveCodes(request.id, { ...values, version: request.version }),
    onSuccess: (saved) => {
      queryClient.setQueryData([...SYNC_QUERY_KEY, "request", request.id], saved);
      void queryClient.invalidateQueries({ queryKey: SYNC_QUERY_KEY });
      notifySuccess(t("sync:request.saved"));
    },
    onError: (error) => {
      if (hasErrorCode(error, "VERSION_CONFLICT")) void queryClient.invalidateQueries({ queryKey: SYNC_QUERY_KEY });
    },
  });
  const serverFields = isApiError(mutation.error) ? mutation.error.fields : {};
  const errorOf = (field: Field) => {
    const value = values[field].trim();
    if (value !== "" && !BUE_CODE_PATTERN.test(value)) return t("validation:bueCode");
    return serverFields[field];
  };
  const invalid = FIELDS.some((field) => values[field].trim() !== "" && !BUE_CODE_PATTERN.test(values[field].trim()));

  return (
    <Stack gap="sm" component="section" aria-labelledby="bue-codes-title">
      <Title order={2} size="h4" id="bue-codes-title">
        {t("sync:request.codes")}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) mutation.mutate();
        }}
      >
        <Stack gap="sm" maw={480}>
          {FIELDS.map((field) =>
            field === "rep2ContactCodeBue" && !request.hasSecondRepresentative ? (
              <Text key={field} size="sm" c="dimmed">
                {t("sync:request.noSecond")}
              </Text>
            ) : (
              <TextInput
                key={field}
                label={t(`sync:request.${field}`)}
                value={values[field]}
                maxLength={30}
                readOnly={!canManage}
                error={errorOf(field)}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((previous) => ({ ...previous, [field]: value }));
                }}
              />
            ),
          )}
          {hasErrorCode(mutation.error, "VERSION_CONFLICT") ? (
            <FormErrorAlert error={mutation.error}>
              <Text size="sm">{t("sync:request.conflict")}</Text>
            </FormErrorAlert>
          ) : mutation.isError && Object.keys(serverFields).length === 0 ? (
            <FormErrorAlert error={mutation.error} />
          ) : null}
          {canManage ? (
            <Group>
              <Button type="submit" loading={mutation.isPending} disabled={invalid}>
                {t("sync:request.save")}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
