import { Button, Text } from "@mantine/core";
import type { ErasureResult } from "@portal/shared/schemas/erasure";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { notifySuccess } from "../../lib/toasts.ts";
import { Section } from "./detail-section.tsx";
import { ErasureDialog } from "./erasure-dialog.tsx";

/**
 * The request page's erasure block (Admin, Secretaria: the page shows it with the status actions).
 * After an erasure the request is gone, unless the child's enrollment record stays.
 */
export function ErasureSection({ requestId, listPath }: { requestId: number; listPath: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onErased = (result: ErasureResult) => {
    setOpened(false);
    notifySuccess(t(result.requestKept ? "inscriptions:erasure.doneKept" : "inscriptions:erasure.done"));
    void queryClient.invalidateQueries({ queryKey: ["inscriptions"] });
    void queryClient.removeQueries({ queryKey: ["erasure", requestId] });
    if (!result.requestKept) navigate(listPath, { replace: true });
  };
  return (
    <Section title={t("inscriptions:erasure.sectionTitle")} testId="request-erasure">
      <Text size="sm" mb="sm">
        {t("inscriptions:erasure.sectionText")}
      </Text>
      <Button color="red" variant="outline" onClick={() => setOpened(true)}>
        {t("inscriptions:erasure.open")}
      </Button>
      {opened ? (
        <ErasureDialog requestId={requestId} opened={opened} onClose={() => setOpened(false)} onErased={onErased} />
      ) : null}
    </Section>
  );
}
