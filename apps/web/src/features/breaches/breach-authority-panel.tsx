import { Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import type { BreachDetail } from "@portal/shared/schemas/breaches";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../components/ui/date-field.tsx";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { isApiError } from "../../lib/api-error.ts";
import { formatSchoolDay } from "../../lib/school-day.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { recordAuthority } from "./breaches-api.ts";

/** "Authority notified" (LOPDP art. 43): the day and the reference; it closes the Authority's clock. */
export function BreachAuthorityPanel({
  breach,
  onSaved,
}: {
  breach: BreachDetail;
  onSaved: (next: BreachDetail) => void;
}) {
  const { t, i18n } = useTranslation();
  const [notifiedOn, setNotifiedOn] = useState<string | null>(null);
  const [reference, setReference] = useState("");
  const mutation = useMutation({
    mutationFn: () => recordAuthority(breach.id, { version: breach.version, notifiedOn: notifiedOn ?? "", reference }),
    onSuccess: (next) => {
      notifySuccess(t("breaches:authority.recorded"));
      onSaved(next);
    },
  });
  const fields = isApiError(mutation.error) ? mutation.error.fields : {};

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="breach-authority-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="breach-authority-title">
          {t("breaches:authority.title")}
        </Title>
        {breach.authorityNotifiedOn ? (
          <Text>
            {t("breaches:authority.done", {
              date: formatSchoolDay(breach.authorityNotifiedOn, i18n.language),
              reference: breach.authorityReference,
            })}
          </Text>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              mutation.mutate();
            }}
          >
            <Stack gap="sm">
              <Group align="flex-start">
                <DateField
                  label={t("breaches:authority.notifiedOn")}
                  {...REQUIRED_FIELD}
                  value={notifiedOn}
                  onChange={setNotifiedOn}
                  error={fields.notifiedOn}
                />
                <TextInput
                  label={t("breaches:authority.reference")}
                  {...REQUIRED_FIELD}
                  value={reference}
                  onChange={(event) => setReference(event.currentTarget.value)}
                  error={fields.reference}
                />
              </Group>
              <FormErrorAlert error={mutation.error && Object.keys(fields).length === 0 ? mutation.error : null} />
              <div>
                <Button type="submit" loading={mutation.isPending}>
                  {t("breaches:authority.submit")}
                </Button>
              </div>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
