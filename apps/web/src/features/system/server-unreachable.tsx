import { Button, Container } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SystemMessage } from "../../components/ui/system-message.tsx";

/** GET /api/session failed: without it no guard can decide, so say so and offer to try again. */
export function ServerUnreachable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Container component="main" size="sm" py="xl">
      <SystemMessage
        title={t("common:errors.unreachableTitle")}
        text={t("common:errors.unreachableText")}
        actions={<Button onClick={onRetry}>{t("common:actions.retry")}</Button>}
      />
    </Container>
  );
}
