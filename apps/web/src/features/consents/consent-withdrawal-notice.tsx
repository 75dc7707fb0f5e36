import { Alert, List } from "@mantine/core";
import { CONSENT_KINDS } from "@portal/shared/consents";
import { useTranslation } from "react-i18next";
import { formatInstant } from "../../lib/dates.ts";
import { useRequestConsents } from "./consents-api.ts";

/**
 * The staff's mark of a request whose family withdrew a consent (docs/rules/data-protection.md
 * "Withdrawing a consent"): what was withdrawn, when, which version, and what it means for them.
 * Nothing while every consent stands (or while it loads: the page's own data says the rest).
 */
export function ConsentWithdrawalNotice({ requestId }: { requestId: number }) {
  const { t, i18n } = useTranslation();
  const consents = useRequestConsents(requestId);
  const withdrawn = CONSENT_KINDS.filter((kind) => consents.data?.[kind].state === "withdrawn");
  if (!consents.data || withdrawn.length === 0) return null;
  return (
    <Alert color="orange" title={t("inscriptions:consents.title")} data-testid="consent-withdrawals">
      <List size="sm" spacing={4}>
        {withdrawn.map((kind) => (
          <List.Item key={kind}>
            {t(`inscriptions:consents.${kind}`, {
              date: formatInstant(consents.data[kind].at, i18n.language),
              version: consents.data[kind].version ?? "",
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
