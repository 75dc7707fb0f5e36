import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { HOLD_TARGETS } from "@portal/shared/schemas/retention";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { isApiError } from "../../lib/api-error.ts";
import { confirm } from "../../lib/confirm.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { notifyRecord } from "../../lib/toasts.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { HOLDS_KEY, PREVIEW_KEY, placeHold, releaseHold, useHolds } from "./retention-api.ts";

type Target = (typeof HOLD_TARGETS)[number];

/** Legal holds: a family (by an account's e-mail) or a request (by its code) kept from every purge. */
export function HoldsSection() {
  const { t, i18n } = useTranslation();
  const errorText = useValidationText();
  const queryClient = useQueryClient();
  const holds = useHolds();
  const [target, setTarget] = useState<Target>("family");
  const [reference, setReference] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<unknown>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: HOLDS_KEY });
    void queryClient.invalidateQueries({ queryKey: PREVIEW_KEY });
  };
  const place = useMutation({
    mutationFn: placeHold,
    onMutate: () => {
      setErrors({});
      setFormError(null);
    },
    onSuccess: () => {
      setReference("");
      setReason("");
      refresh();
      notifyRecord("created");
    },
    onError: (error) => {
      if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFormError(error);
    },
  });
  const release = useMutation({
    mutationFn: releaseHold,
    onSuccess: () => {
      refresh();
      notifyRecord("deleted");
    },
    onError: () => notifyRecord("notDeleted"),
  });

  async function askRelease(id: number, label: string) {
    const confirmed = await confirm({
      title: t("retention:holds.releaseTitle"),
      text: t("retention:holds.releaseText", { label }),
      confirmLabel: t("retention:holds.release"),
      danger: true,
    });
    if (confirmed) release.mutate(id);
  }

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="retention-holds-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="retention-holds-title">
          {t("retention:holds.title")}
        </Title>
        <Text size="sm">{t("retention:holds.intro")}</Text>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            place.mutate({ target, reference, reason });
          }}
        >
          <Stack gap="sm">
            {/* One column on a phone: side by side, the select cut its longest choice at 390 px. */}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t("retention:holds.target")}
                data={HOLD_TARGETS.map((value) => ({ value, label: t(`retention:holds.targets.${value}`) }))}
                value={target}
                onChange={(value) => setTarget((value as Target | null) ?? "family")}
                allowDeselect={false}
              />
              <TextInput
                label={t("retention:holds.reference")}
                value={reference}
                onChange={(event) => setReference(event.currentTarget.value)}
                error={errorText(errors.reference)}
              />
            </SimpleGrid>
            <TextInput
              label={t("retention:holds.reason")}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={errorText(errors.reason)}
            />
            {formError ? <FormErrorAlert error={formError} /> : null}
            <Group justify="flex-end">
              <Button type="submit" loading={place.isPending}>
                {t("retention:holds.add")}
              </Button>
            </Group>
          </Stack>
        </form>
        {holds.isError ? (
          <LoadErrorAlert error={holds.error} onRetry={() => void holds.refetch()} />
        ) : holds.data && holds.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("retention:holds.none")}
          </Text>
        ) : holds.data ? (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={t("retention:holds.title")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("retention:holds.columns.label")}</Table.Th>
                  <Table.Th scope="col">{t("retention:holds.columns.reason")}</Table.Th>
                  <Table.Th scope="col">{t("retention:holds.columns.createdAt")}</Table.Th>
                  <Table.Th scope="col">{t("retention:holds.columns.createdBy")}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t("retention:holds.release")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {holds.data.items.map((hold) => (
                  <Table.Tr key={hold.id}>
                    <Table.Td>{hold.label}</Table.Td>
                    <Table.Td>{hold.reason}</Table.Td>
                    <Table.Td>{formatInstant(hold.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>{hold.createdBy ?? ""}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t("retention:holds.releaseLabel", { label: hold.label })}
                        onClick={() => void askRelease(hold.id, hold.label)}
                      >
                        {t("retention:holds.release")}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Paper>
  );
}
