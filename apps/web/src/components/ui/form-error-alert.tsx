import { Alert } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-error.ts";

/** A form's overall failure: the server's translated message, else the spec's generic error. */
export function FormErrorAlert({ error, children }: { error: unknown; children?: ReactNode }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message = isApiError(error) ? error.message : t("errors:INTERNAL");
  return (
    <Alert color="red" title={t("errors:title")} role="alert">
      {message}
      {children}
    </Alert>
  );
}
