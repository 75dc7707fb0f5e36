import { Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AccountAreaFrame } from "../account/account-area-frame.tsx";
import { MyDataPanel } from "./my-data-panel.tsx";

/** /portal/account/my-data: the family's "My data" archive (LOPDP art. 17, docs/data-protection.md). */
export function MyDataPage() {
  const { t } = useTranslation();
  return (
    <AccountAreaFrame routeId="account.myData">
      <Paper withBorder p="lg">
        <Stack gap="md">
          <Text>{t("account:myData.intro")}</Text>
          <MyDataPanel />
        </Stack>
      </Paper>
    </AccountAreaFrame>
  );
}
