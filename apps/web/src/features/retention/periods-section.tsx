import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import { EDITABLE_RETENTION_KINDS, type EditableRetentionKind, RETENTION_LIMITS } from "@portal/shared/retention";
import type { RetentionSettings } from "@portal/shared/schemas/retention";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConflictAlert } from "../../components/ui/conflict-alert.tsx";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { useVersionedSave } from "../../lib/use-versioned-save.ts";
import { PREVIEW_KEY, RETENTION_KEY, saveRetentionSettings } from "./retention-api.ts";

type Values = Record<EditableRetentionKind, number | string>;

/**
 * The retention periods, in months, each within its bounds; the election register's and the
 * archives' are fixed and shown beside them. Saved at the version read (409: reloaded, said so).
 */
export function PeriodsSection({ settings }: { settings: RetentionSettings }) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(settings.months);
  const [automatic, setAutomatic] = useState(settings.automatic);
  const { mutation, errors, setErrors, formError, conflict } = useVersionedSave({
    save: saveRetentionSettings,
    queryKey: RETENTION_KEY,
    conflictCode: "SETTINGS_VERSION_CONFLICT",
    // The purge's preview follows the new periods.
    onSaved: () => void queryClient.invalidateQueries({ queryKey: PREVIEW_KEY }),
  });

  useEffect(() => {
    setValues(settings.months);
    setAutomatic(settings.automatic);
  }, [settings]);

  const submit = () => {
    const months = Object.fromEntries(
      EDITABLE_RETENTION_KINDS.map((kind) => [kind, typeof values[kind] === "number" ? values[kind] : Number.NaN]),
    ) as Record<EditableRetentionKind, number>;
    const missing = EDITABLE_RETENTION_KINDS.filter((kind) => !Number.isInteger(months[kind]));
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((kind) => [kind, "validation.retentionMonthsRange"])));
      return;
    }
    mutation.mutate({ ...months, automatic, version: settings.version });
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="retention-periods-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="retention-periods-title">
          {t("retention:periods.title")}
        </Title>
        {conflict ? <ConflictAlert message={t("retention:periods.conflict")} /> : null}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {EDITABLE_RETENTION_KINDS.map((kind) => {
                const limits = RETENTION_LIMITS[kind];
                return (
                  <NumberInput
                    key={kind}
                    label={t("retention:periods.months", { kind: t(`retention:kinds.${kind}`) })}
                    description={t("retention:periods.range", {
                      from: t(`retention:from.${kind}`),
                      min: limits.min,
                      max: limits.max,
                      default: limits.defaultMonths,
                    })}
                    allowDecimal={false}
                    allowNegative={false}
                    value={values[kind]}
                    onChange={(value) => setValues((current) => ({ ...current, [kind]: value }))}
                    error={errorText(errors[kind])}
                  />
                );
              })}
            </SimpleGrid>
            <div>
              <Text size="sm" fw={500}>
                {t("retention:kinds.electionRegisters")}
              </Text>
              <Text size="sm" c="dimmed">
                {t("retention:periods.fixed")} ·{" "}
                {t("retention:periods.electionDays", { days: settings.electionRegisterDays })}
              </Text>
              <Text size="sm" fw={500} mt="xs">
                {t("retention:kinds.dataExports")}
              </Text>
              <Text size="sm" c="dimmed">
                {t("retention:periods.fixed")} ·{" "}
                {t("retention:periods.exportHours", { hours: settings.dataExportHours })}
              </Text>
            </div>
            <Switch
              label={t("retention:periods.automatic")}
              checked={automatic}
              onChange={(event) => setAutomatic(event.currentTarget.checked)}
            />
            {formError ? <FormErrorAlert error={formError} /> : null}
            <Group justify="flex-end">
              <Button type="submit" loading={mutation.isPending}>
                {t("retention:periods.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
