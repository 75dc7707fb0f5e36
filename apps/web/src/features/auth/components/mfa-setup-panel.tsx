import { Code, Image, List, Stack, Text } from "@mantine/core";
import type { MfaSetup } from "@portal/shared/schemas/mfa";
import { useTranslation } from "react-i18next";
import { MfaCodeForm } from "./mfa-code-form.tsx";

/** The key in groups of four, easier to type by hand (spaces are ignored by the apps). */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** Setting up an authenticator app: its QR code, the same key to type, then a code to confirm. */
export function MfaSetupPanel({ setup, onCode }: { setup: MfaSetup; onCode: (code: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs">
        <List.Item>{t("auth:mfa.setup.stepApp")}</List.Item>
        <List.Item>{t("auth:mfa.setup.stepScan")}</List.Item>
        <List.Item>{t("auth:mfa.setup.stepCode")}</List.Item>
      </List>
      <Image src={setup.qrDataUrl} alt={t("auth:mfa.setup.qrAlt")} w={220} h={220} fit="contain" />
      <Stack gap={4}>
        <Text size="sm" id="mfa-manual-key-label">
          {t("auth:mfa.setup.manualKey")}
        </Text>
        <Code block aria-labelledby="mfa-manual-key-label" data-testid="mfa-manual-key">
          {grouped(setup.secret)}
        </Code>
      </Stack>
      <MfaCodeForm
        label={t("auth:mfa.code")}
        description={t("auth:mfa.setup.codeHint")}
        submitLabel={t("auth:mfa.setup.confirm")}
        onCode={onCode}
      />
    </Stack>
  );
}
