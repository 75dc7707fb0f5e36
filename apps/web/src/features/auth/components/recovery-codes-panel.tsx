import { Alert, Button, Group, List, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { saveBlob } from "../../../lib/save-download.ts";

/**
 * The ten recovery codes, shown this once (the server keeps only their hashes), with the ways to
 * keep them: copy, a text file, print (the browser's print of this step: the sign-in page around the
 * codes holds nothing else).
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  // The step changed under the person's focus: the codes' heading says where they are now.
  useEffect(() => heading.current?.focus(), []);
  const text = `${t("auth:mfa.recovery.title")}\r\n\r\n${codes.join("\r\n")}\r\n`;
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
      <Group gap="sm">
        <Button
          variant="default"
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join("\n")).then(() => setCopied(true));
          }}
        >
          {copied ? t("auth:mfa.recovery.copied") : t("auth:mfa.recovery.copy")}
        </Button>
        <Button
          variant="default"
          onClick={() =>
            saveBlob(new Blob([text], { type: "text/plain;charset=utf-8" }), `${t("auth:mfa.recovery.fileName")}.txt`)
          }
        >
          {t("auth:mfa.recovery.download")}
        </Button>
        <Button variant="default" onClick={() => window.print()}>
          {t("auth:mfa.recovery.print")}
        </Button>
      </Group>
      <Button onClick={onDone}>{t("auth:mfa.recovery.done")}</Button>
    </Stack>
  );
}
