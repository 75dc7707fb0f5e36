import { Alert, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "../../lib/api-error.ts";
import { useBranding } from "../../lib/public-config-query.ts";
import { goneKind } from "./signing-rules.ts";

/**
 * The whole page's message when a signing link expired (7 days), or the request was withdrawn or
 * cancelled, or the link is unknown: what happened, in the reader's language, and whom to ask —
 * the school, by its name from the portal's branding (the link's own answer never came).
 */
export function SigningGone({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const school = useBranding().schoolName;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const kind = goneKind(error.code);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="alert"
      color="orange"
      title={t(`signing:gone.${kind}Title`)}
      data-testid="signing-gone"
    >
      <Stack gap="xs">
        <Text size="sm">{error.message}</Text>
        <Text size="sm">{t(`signing:gone.${kind}Ask`, { school })}</Text>
      </Stack>
    </Alert>
  );
}
