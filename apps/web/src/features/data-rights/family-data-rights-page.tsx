import { Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { AccountAreaFrame } from "../account/account-area-frame.tsx";
import { useFamilyDataRights } from "./data-rights-api.ts";
import { DataRightsForm } from "./data-rights-form.tsx";
import { FamilyRequestsList } from "./family-requests-list.tsx";

/**
 * /portal/account/data-rights: the family files a data-rights request (LOPDP arts. 13–17) and
 * follows its requests and their answers (docs/rules/data-protection.md "Data-rights requests").
 */
export function FamilyDataRightsPage() {
  const { t } = useTranslation();
  const current = useFamilyDataRights();
  return (
    <AccountAreaFrame routeId="account.dataRights">
      <Stack gap="lg">
        <Paper withBorder p="lg">
          <Text>{t("dataRights:family.intro")}</Text>
        </Paper>
        {current.isPending ? <PageLoader /> : null}
        {current.isError ? <LoadErrorAlert error={current.error} onRetry={() => void current.refetch()} /> : null}
        {current.data ? (
          <>
            <DataRightsForm students={current.data.students} />
            <FamilyRequestsList requests={current.data.requests} />
          </>
        ) : null}
      </Stack>
    </AccountAreaFrame>
  );
}
