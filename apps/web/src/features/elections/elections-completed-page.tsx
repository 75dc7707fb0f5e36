import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ElectionHeader } from "./election-header.tsx";
import { ElectionResultView } from "./election-result-view.tsx";
import { ElectionsPageFrame } from "./elections-page-frame.tsx";
import { ReceiptCheck } from "./receipt-check.tsx";

/** /portal/elecciones/completadas: closed polls, with their results once published. */
export function ElectionsCompletedPage() {
  const { t } = useTranslation();
  return (
    <ElectionsPageFrame routeId="elections.completed" phase="completed">
      {(election) => (
        <>
          <ElectionHeader election={election} />
          {election.result ? (
            <>
              <ElectionResultView result={election.result} />
              <ReceiptCheck election={election} />
            </>
          ) : (
            <Text>{t("elections:family.notPublished")}</Text>
          )}
        </>
      )}
    </ElectionsPageFrame>
  );
}
