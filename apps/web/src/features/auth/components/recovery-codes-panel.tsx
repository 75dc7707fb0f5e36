import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Alert.layer.css";
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/Button.layer.css";
import "@mantine/core/styles/List.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/Text.layer.css";
import { Alert, Button, List, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/** The ten recovery codes, shown this once (the server keeps only their hashes). */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The step changed under the person's focus: the codes' heading says where they are now.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md">
      <Text component="h2" fw={700} size="lg" ref={heading} tabIndex={-1}>
        {t("auth:mfa.recovery.title")}
      </Text>
      <Alert color="yellow" role="status">
        {t("auth:mfa.recovery.saveThem")}
      </Alert>
      <List aria-label={t("auth:mfa.recovery.title")} ff="monospace" spacing={4}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Button onClick={onDone}>{t("auth:mfa.recovery.done")}</Button>
    </Stack>
  );
}
