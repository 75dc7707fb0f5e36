import { Checkbox, Group, Loader, Stack, Text } from "@mantine/core";
import { solveChallenge } from "altcha-lib";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchCaptcha } from "../api/auth-api.ts";

interface Props {
  /** The base64 ALTCHA payload, or "" while not verified. */
  value: string;
  onChange: (payload: string) => void;
  error?: string;
}

/**
 * "I'm not a robot" without a third-party service: ticking the box fetches an ALTCHA challenge and
 * solves its proof of work in this browser; the signed solution is what the server checks.
 */
export function CaptchaField({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<"idle" | "verifying" | "failed">("idle");
  const solving = useRef<AbortController | null>(null);

  useEffect(() => () => solving.current?.abort(), []);

  async function verify() {
    solving.current?.abort();
    setStatus("verifying");
    try {
      const challenge = await fetchCaptcha();
      const { promise, controller } = solveChallenge(
        challenge.challenge,
        challenge.salt,
        challenge.algorithm,
        challenge.maxnumber,
      );
      solving.current = controller;
      const solution = await promise;
      if (controller.signal.aborted) return;
      if (!solution) throw new Error("No solution within the challenge's range");
      const payload = {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: solution.number,
        salt: challenge.salt,
        signature: challenge.signature,
      };
      onChange(btoa(JSON.stringify(payload)));
      setStatus("idle");
    } catch {
      setStatus("failed");
    }
  }

  const verifying = status === "verifying";
  return (
    <Stack gap={4}>
      <Checkbox
        label={t("auth:captcha.label")}
        // Ticked as soon as it is clicked, like the ALTCHA widget; it unticks if verification fails.
        checked={value !== "" || verifying}
        disabled={verifying}
        onChange={(event) => {
          if (event.currentTarget.checked) void verify();
          else onChange("");
        }}
        error={error}
      />
      <Group gap="xs" role="status" aria-live="polite" mih={20}>
        {verifying ? (
          <>
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t("auth:captcha.verifying")}</Text>
          </>
        ) : null}
        {status === "idle" && value !== "" ? (
          <Text size="sm" c="green.8">
            {t("auth:captcha.verified")}
          </Text>
        ) : null}
        {status === "failed" ? (
          <Text size="sm" c="red.8">
            {t("auth:captcha.failed")}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
