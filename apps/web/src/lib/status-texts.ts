import { type StatusTexts, statusTextsSchema } from "@portal/shared/schemas/status-texts";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { http } from "./http.ts";
import { i18n } from "./i18n.ts";
import { queryClient } from "./query-client.ts";
import { statusText } from "./status-text.ts";

/**
 * THE web-side lookup of a request status's words (Settings › Request statuses): every
 * badge, filter, dialog, history line and card that names a status asks here, so the Admin's
 * wording shows everywhere. Until the texts arrive (or if they cannot be read) the catalogue's
 * label stands in: a status is never shown blank.
 */
export const STATUS_TEXTS_QUERY_KEY = ["status-texts"] as const;

export async function fetchStatusTexts(): Promise<StatusTexts> {
  return statusTextsSchema.parse(await http.get("/api/status-texts"));
}

const catalogueLabel = (status: string) => i18n.t(`common:requestStatus.${status}`, { defaultValue: status });

/** Signed-in screens only (the endpoint needs a session); the Admin's save refreshes it. */
export function useStatusTexts() {
  return useQuery({ queryKey: STATUS_TEXTS_QUERY_KEY, queryFn: fetchStatusTexts, staleTime: 60_000 });
}

/** `(status) => label` in the interface's language. */
export function useStatusLabel(): (status: string) => string {
  const { i18n: instance } = useTranslation();
  const { data } = useStatusTexts();
  const lang = instance.language;
  return useCallback(
    (status: string) => statusText(data, lang, status, "label") ?? catalogueLabel(status),
    [data, lang],
  );
}

/** `(status) => explanation` for the family's card; empty when the school wrote none. */
export function useStatusExplanation(): (status: string) => string {
  const { i18n: instance } = useTranslation();
  const { data } = useStatusTexts();
  const lang = instance.language;
  return useCallback((status: string) => statusText(data, lang, status, "explanation") ?? "", [data, lang]);
}

/** Outside React (a notice built in a plain function): whatever the page has already read. */
export function statusLabelNow(status: string): string {
  const texts = queryClient.getQueryData<StatusTexts>(STATUS_TEXTS_QUERY_KEY);
  return statusText(texts, i18n.language, status, "label") ?? catalogueLabel(status);
}
