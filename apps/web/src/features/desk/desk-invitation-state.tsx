import { Alert } from "@mantine/core";
import type { DeskFamily } from "@portal/shared/schemas/desk";
import { useTranslation } from "react-i18next";
import { formatInstant } from "../../lib/dates.ts";

/**
 * Where the latest invitation stands in the outbox: waiting (the mail server is down or has not
 * been tried yet: it goes as soon as it answers), sent, or given up.
 */
export function DeskInvitationState({ family }: { family: DeskFamily }) {
  const { t, i18n } = useTranslation();
  const invitation = family.invitation;
  if (!invitation) return null;
  const vars = {
    email: family.email ?? "",
    queuedAt: formatInstant(invitation.queuedAt, i18n.language),
    expiresAt: formatInstant(invitation.expiresAt, i18n.language),
  };
  const color = invitation.status === "sent" ? "green" : invitation.status === "failed" ? "red" : "yellow";
  return (
    <Alert color={color} role="status" aria-live="polite">
      {t(`desk:claim.state.${invitation.status}`, vars)}
    </Alert>
  );
}
