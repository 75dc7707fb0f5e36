import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import {
  AUDIT_EVENTS,
  type AuditEventCode,
  auditEventLabelKey,
  auditEventQuerySchema,
} from "@portal/shared/schemas/audit";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../components/ui/date-field.tsx";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { type AuditLogState, DEFAULT_AUDIT_LOG_STATE, writeAuditLogState } from "./audit-query.ts";

type FilterField = "actor" | "subject" | "event" | "requestId" | "from" | "to";

interface AuditFiltersProps {
  state: AuditLogState;
  /** The server's messages for a refused filter (VALIDATION_ERROR `fields`). */
  serverErrors: Record<string, string>;
  onApply: (next: AuditLogState) => void;
}

/**
 * The audit log's filters, applied together with "Apply filters" (not at each key stroke: a
 * half-typed date is not a query). Checked first with the API's own schema, so a start date after
 * the end date is refused here with the server's message key.
 */
export function AuditFilters({ state, serverErrors, onApply }: AuditFiltersProps) {
  const { t } = useTranslation();
  const validationText = useValidationText();
  const titleId = useId();
  const [draft, setDraft] = useState(state);
  const [errors, setErrors] = useState<Partial<Record<FilterField, string>>>({});
  useEffect(() => setDraft(state), [state]);
  useEffect(() => setErrors(serverErrors), [serverErrors]);

  const set = (field: FilterField, value: string) => setDraft((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = { ...draft, page: 1 };
    const parsed = auditEventQuerySchema.safeParse(Object.fromEntries(writeAuditLogState(next)));
    if (!parsed.success) {
      const found: Partial<Record<FilterField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as FilterField;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first)
        event.currentTarget
          .querySelector<HTMLElement>(`[name="${first}"]:not([type="hidden"]), [data-name="${first}"]`)
          ?.focus();
      return;
    }
    setErrors({});
    onApply(next);
  }

  const errorOf = (field: FilterField) => validationText(errors[field]);
  const eventOptions = [
    { value: "", label: t("audit:log.anyEvent") },
    ...AUDIT_EVENTS.map((code) => ({ value: code, label: t(`audit:${auditEventLabelKey(code)}`) })),
  ];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id={titleId}>
            {t("audit:log.filters")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <TextInput
              name="actor"
              label={t("audit:log.actor")}
              value={draft.actor}
              onChange={(e) => set("actor", e.currentTarget.value)}
              error={errorOf("actor")}
            />
            <TextInput
              name="subject"
              label={t("audit:log.subject")}
              value={draft.subject}
              onChange={(e) => set("subject", e.currentTarget.value)}
              error={errorOf("subject")}
            />
            <NativeSelect
              name="event"
              label={t("audit:log.event")}
              data={eventOptions}
              value={draft.event ?? ""}
              onChange={(e) => {
                // Read now: the updater runs later, when React has released the event.
                const event = (e.currentTarget.value || null) as AuditEventCode | null;
                setDraft((current) => ({ ...current, event }));
              }}
              error={errorOf("event")}
            />
            <TextInput
              name="requestId"
              label={t("audit:log.record")}
              value={draft.requestId}
              onChange={(e) => set("requestId", e.currentTarget.value)}
              error={errorOf("requestId")}
            />
            <DateField
              name="from"
              label={t("audit:log.from")}
              value={draft.from}
              onChange={(day) => set("from", day)}
              error={errorOf("from")}
            />
            <DateField
              name="to"
              label={t("audit:log.to")}
              value={draft.to}
              onChange={(day) => set("to", day)}
              error={errorOf("to")}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t("audit:log.datesHint")}
          </Text>
          <Group gap="sm">
            <Button type="submit">{t("audit:log.apply")}</Button>
            <Button
              variant="default"
              onClick={() => {
                setErrors({});
                onApply({ ...DEFAULT_AUDIT_LOG_STATE, pageSize: state.pageSize });
              }}
            >
              {t("audit:log.clear")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
