import { Alert, Button, Group, Text } from "@mantine/core";
import type { StepData } from "@portal/shared/schemas/enrollment-responses";
import { useTranslation } from "react-i18next";
import { confirm } from "../../../lib/confirm.tsx";
import { formatInstant } from "../../../lib/dates.ts";
import type { StepDraftState } from "./use-step-draft.ts";

const when = formatInstant;

/** "What you typed is back" with a way to discard it, above the step's fields. */
export function StepDraftRestored({ draft }: { draft: StepDraftState }) {
  const { t, i18n } = useTranslation();
  if (!draft.restoredAt) return null;
  const discard = async () => {
    const sure = await confirm({
      title: t("enrollment:draft.discardTitle"),
      text: t("enrollment:draft.discardText"),
      confirmLabel: t("enrollment:draft.discardConfirm"),
      cancelLabel: t("enrollment:draft.keep"),
      danger: true,
    });
    if (sure) draft.discard();
  };
  return (
    <Alert color="blue" title={t("enrollment:draft.restoredTitle")}>
      <Text size="sm">{t("enrollment:draft.restoredText", { when: when(draft.restoredAt, i18n.language) })}</Text>
      <Group mt="sm">
        <Button variant="light" size="xs" onClick={() => void discard()}>
          {t("enrollment:draft.discard")}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * Who saved the step last when it was not this account (households): the other parent
 * by name, the school, or the staff member who entered it at the office for the family.
 */
export function StepSavedBy({ savedBy }: { savedBy: NonNullable<StepData["savedBy"]> }) {
  const { t, i18n } = useTranslation();
  const at = when(savedBy.at, i18n.language);
  return (
    <Text size="sm" c="dimmed">
      {savedBy.atDesk && savedBy.name
        ? t("enrollment:savedBy.atDesk", { name: savedBy.name, when: at })
        : savedBy.name
          ? t("enrollment:savedBy.parent", { name: savedBy.name, when: at })
          : t("enrollment:savedBy.school", { when: at })}
    </Text>
  );
}

/** Beside the save button: whether the latest typing is kept (a polite live region). */
export function StepDraftStatus({ draft }: { draft: StepDraftState }) {
  const { t, i18n } = useTranslation();
  const text = draft.keepFailed
    ? t("enrollment:draft.notKept")
    : draft.keptAt
      ? t("enrollment:draft.kept", { when: when(draft.keptAt, i18n.language) })
      : "";
  return (
    <Text size="sm" c="dimmed" aria-live="polite" role="status">
      {text}
    </Text>
  );
}
