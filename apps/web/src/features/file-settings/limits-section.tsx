import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { bytesToMb, FILE_TYPE_LABEL, FILE_TYPES, type FileType } from "@portal/shared/file-settings";
import type { AdminFileSettings } from "@portal/shared/schemas/file-settings";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConflictAlert } from "../../components/ui/conflict-alert.tsx";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { useVersionedSave } from "../../lib/use-versioned-save.ts";
import { FILE_SETTINGS_QUERY_KEY, saveLimits } from "./file-settings-api.ts";
import {
  type LimitErrors,
  type LimitRowValues,
  serverLimitErrors,
  toLimitsBody,
  toLimitValues,
} from "./limits-form.ts";

/**
 * The documents the wizard asks for: each one's maximum size (MB) and the types the family may
 * send, among those the server can verify for it. All kinds are saved at once, each guarded by the
 * version read; a 409 reloads the page's values and says so.
 */
export function LimitsSection({ settings }: { settings: AdminFileSettings }) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [values, setValues] = useState(() => toLimitValues(settings));
  const { mutation, errors, setErrors, formError, conflict } = useVersionedSave({
    save: saveLimits,
    queryKey: FILE_SETTINGS_QUERY_KEY,
    conflictCode: "VERSION_CONFLICT",
    fieldErrors: (fields): LimitErrors => serverLimitErrors(settings, fields),
  });

  // New data (a save, a reload after a conflict) replaces what the form shows.
  useEffect(() => setValues(toLimitValues(settings)), [settings]);

  const setRow = (kind: string, patch: Partial<LimitRowValues>) =>
    setValues((current) => ({ ...current, [kind]: { ...(current[kind] ?? { mb: "", types: [] }), ...patch } }));

  const submit = () => {
    const result = toLimitsBody(settings, values);
    if ("errors" in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    mutation.mutate(result.body);
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="file-limits-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="file-limits-title">
          {t("fileSettings:limits.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("fileSettings:limits.hint", {
            floor: bytesToMb(settings.floorBytes),
            ceiling: bytesToMb(settings.ceilingBytes),
          })}
        </Text>
        {conflict ? <ConflictAlert message={t("fileSettings:conflictReloaded")} /> : null}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            {settings.kinds.map((kind) => {
              const name = t(`fileSettings:kinds.${kind.kind}`);
              const row = values[kind.kind] ?? { mb: "", types: [] };
              return (
                <SimpleGrid key={kind.kind} cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing={4}>
                  <Text fw={600} size="sm" pt={4}>
                    {name}
                  </Text>
                  <TextInput
                    label={t("fileSettings:limits.maxMb", { name })}
                    description={t("fileSettings:limits.default", { mb: bytesToMb(kind.defaultMaxBytes) })}
                    inputMode="decimal"
                    value={row.mb}
                    onChange={(event) => setRow(kind.kind, { mb: event.currentTarget.value })}
                    error={errorText(errors[kind.kind]?.mb)}
                  />
                  <Checkbox.Group
                    label={t("fileSettings:limits.types", { name })}
                    description={
                      kind.typesEditable
                        ? undefined
                        : t(`fileSettings:limits.fixed.${kind.kind === "studentPhoto" ? "photo" : "pdf"}`)
                    }
                    value={row.types}
                    onChange={(types) =>
                      setRow(kind.kind, { types: FILE_TYPES.filter((type) => types.includes(type)) as FileType[] })
                    }
                    error={errorText(errors[kind.kind]?.types)}
                  >
                    <Group gap="md" mt={4}>
                      {kind.allowedTypes.map((type) => (
                        <Checkbox
                          key={type}
                          value={type}
                          label={FILE_TYPE_LABEL[type]}
                          disabled={!kind.typesEditable}
                        />
                      ))}
                    </Group>
                  </Checkbox.Group>
                </SimpleGrid>
              );
            })}
            {formError ? <FormErrorAlert error={formError} /> : null}
            <Group justify="flex-end">
              <Button type="submit" loading={mutation.isPending}>
                {t("fileSettings:limits.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
