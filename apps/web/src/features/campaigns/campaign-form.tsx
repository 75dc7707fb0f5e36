import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { Language } from "@portal/shared/languages";
import {
  type CampaignCreateInput,
  type CampaignDetail,
  campaignCreateSchema,
  DEFAULT_REMINDER_DAYS,
} from "@portal/shared/schemas/campaigns";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../components/ui/date-field.tsx";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { isApiError } from "../../lib/api-error.ts";
import { useCatalog } from "../../lib/catalog-query.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { useSchoolYears } from "./campaigns-api.ts";

export interface CampaignFormValues {
  schoolYearId: number;
  opensOn: string;
  deadline: string;
  levels: string[];
  sameMessage: boolean;
  message: Record<Language, string>;
  reminderDays: number[];
}

const LANGUAGES = ["es", "en", "fr"] as const;

export const valuesOf = (detail: CampaignDetail | null, schoolYearId: number): CampaignFormValues =>
  detail
    ? {
        schoolYearId: detail.schoolYearId,
        opensOn: detail.opensOn,
        deadline: detail.deadline,
        levels: detail.levels,
        sameMessage: detail.sameMessage,
        message: detail.message,
        reminderDays: detail.reminderDays,
      }
    : {
        schoolYearId,
        opensOn: "",
        deadline: "",
        levels: [],
        sameMessage: true,
        message: { es: "", en: "", fr: "" },
        reminderDays: [...DEFAULT_REMINDER_DAYS],
      };

/** "14, 7, 1" → [14, 7, 1]; a word that is not a whole number stays a NaN the schema refuses. */
const daysOf = (text: string) =>
  text
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));

/**
 * A campaign's fields (docs/rules/campaigns.md "The campaign"): the year (new campaigns only), the
 * dates, the levels, the message (one or per language) and the reminders. Once open, the opening
 * date and the levels are fixed (`opened`).
 */
export function CampaignForm({
  initial,
  isNew,
  opened,
  pending,
  error,
  onSubmit,
  submitLabel,
}: {
  initial: CampaignFormValues;
  isNew: boolean;
  opened: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (values: CampaignCreateInput) => void;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const years = useSchoolYears();
  const levels = useCatalog("levels");
  const [values, setValues] = useState(initial);
  const [days, setDays] = useState(initial.reminderDays.join(", "));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<CampaignFormValues>) => setValues((v) => ({ ...v, ...change }));
  const serverFields = isApiError(error) ? error.fields : {};
  const errorOf = (field: string) => errors[field] ?? serverFields[field];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { ...values, reminderDays: daysOf(days) };
    const parsed = campaignCreateSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.filter((p) => typeof p !== "number" || issue.path[0] !== "reminderDays").join(".");
        next[path] ??= errorText(issue.message) ?? issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {Object.keys(serverFields).length > 0 ? null : <FormErrorAlert error={error} />}
        {isNew ? (
          <NativeSelect
            {...REQUIRED_FIELD}
            label={t("campaigns:fields.schoolYear")}
            description={t("campaigns:fields.schoolYearHint")}
            value={String(values.schoolYearId)}
            onChange={(event) => set({ schoolYearId: Number(event.currentTarget.value) })}
            data={(years.data ?? []).map((year) => ({ value: String(year.id), label: year.label }))}
            error={errorOf("schoolYearId")}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField
            {...REQUIRED_FIELD}
            label={t("campaigns:fields.opensOn")}
            value={values.opensOn}
            onChange={(opensOn) => set({ opensOn })}
            disabled={opened}
            error={errorOf("opensOn")}
          />
          <DateField
            {...REQUIRED_FIELD}
            label={t("campaigns:fields.deadline")}
            value={values.deadline}
            onChange={(deadline) => set({ deadline })}
            error={errorOf("deadline")}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t("campaigns:fields.levels")}
          description={t("campaigns:fields.levelsHint")}
          value={values.levels}
          onChange={(levels) => set({ levels })}
          error={errorOf("levels")}
        >
          <Group gap="sm" mt="xs">
            {(levels.data ?? []).map((level) => (
              <Checkbox key={level.code} value={level.code} label={level.label} disabled={opened} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox
          label={t("campaigns:fields.sameMessage")}
          checked={values.sameMessage}
          onChange={(event) => set({ sameMessage: event.currentTarget.checked })}
        />
        {(values.sameMessage ? (["es"] as const) : LANGUAGES).map((language) => (
          <Textarea
            key={language}
            {...REQUIRED_FIELD}
            label={values.sameMessage ? t("campaigns:fields.message") : t(`campaigns:fields.messageIn.${language}`)}
            autosize
            minRows={3}
            value={values.message[language]}
            onChange={(event) => set({ message: { ...values.message, [language]: event.currentTarget.value } })}
            error={errorOf(`message.${language}`)}
          />
        ))}
        <TextInput
          label={t("campaigns:fields.reminderDays")}
          description={t("campaigns:fields.reminderDaysHint")}
          value={days}
          onChange={(event) => setDays(event.currentTarget.value)}
          error={errorOf("reminderDays")}
        />
        <Button type="submit" loading={pending} style={{ alignSelf: "flex-start" }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
