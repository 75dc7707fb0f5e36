import { Anchor, List } from "@mantine/core";
import type { RequestDetail } from "@portal/shared/schemas/workflow";
import { useTranslation } from "react-i18next";
import { Field } from "./detail-section.tsx";

/** A family shared by two accounts shows both on the request, the first one first. */
export function HouseholdAccounts({ accounts }: { accounts: RequestDetail["household"] }) {
  const { t } = useTranslation();
  if (accounts.length < 2) return null;
  return (
    <Field label={t("inscriptions:detail.household")}>
      <List size="sm" listStyleType="none" spacing={2}>
        {accounts.map((account) => (
          <List.Item key={account.id}>
            {account.name} (
            <Anchor href={`mailto:${account.email}`} size="sm">
              {account.email}
            </Anchor>
            ) — {t(account.owner ? "inscriptions:detail.householdFirst" : "inscriptions:detail.householdSecond")}
          </List.Item>
        ))}
      </List>
    </Field>
  );
}
