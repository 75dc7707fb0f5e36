import { Button, Container } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SystemMessage } from "../components/ui/system-message.tsx";
import { isChunkLoadError } from "../lib/retry-once.ts";

/** What a failed screen shows: a download problem (reload fixes it) or the spec's generic error. */
export function ErrorFallback({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <Container size="sm">
      <SystemMessage
        title={chunk ? t("common:errors.chunkTitle") : t("errors:title")}
        text={chunk ? t("common:errors.chunkText") : t("errors:INTERNAL")}
        actions={<Button onClick={() => window.location.reload()}>{t("common:actions.reload")}</Button>}
      />
    </Container>
  );
}
