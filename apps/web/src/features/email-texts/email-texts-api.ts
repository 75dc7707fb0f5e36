import type { EmailTextId } from "@portal/shared/email-texts";
import type { Language } from "@portal/shared/languages";
import {
  type EmailTextAdmin,
  type EmailTextAdminList,
  type EmailTextDraftInput,
  type EmailTextPreview,
  type EmailTextSaveInput,
  emailTextAdminListSchema,
  emailTextAdminSchema,
  emailTextPreviewSchema,
} from "@portal/shared/schemas/email-texts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

export const EMAIL_TEXTS_QUERY_KEY = ["settings", "email-texts"] as const;

const urlOf = (id: EmailTextId, language: Language) => `/api/settings/email-texts/${id}/${language}`;

export function useEmailTexts() {
  return useQuery({
    queryKey: EMAIL_TEXTS_QUERY_KEY,
    queryFn: async (): Promise<EmailTextAdminList> =>
      emailTextAdminListSchema.parse(await http.get("/api/settings/email-texts")),
  });
}

export async function saveEmailText(
  id: EmailTextId,
  language: Language,
  body: EmailTextSaveInput,
): Promise<EmailTextAdmin> {
  return emailTextAdminSchema.parse(await http.put(urlOf(id, language), body));
}

export async function resetEmailText(
  id: EmailTextId,
  language: Language,
  expectedVersion: number,
): Promise<EmailTextAdmin> {
  return emailTextAdminSchema.parse(await http.post(`${urlOf(id, language)}/reset`, { expectedVersion }));
}

/** The server's rendering of a draft with sample data; the last good one stays while the next loads. */
export function useEmailTextPreview(id: EmailTextId, language: Language, draft: EmailTextDraftInput) {
  return useQuery({
    queryKey: [...EMAIL_TEXTS_QUERY_KEY, "preview", id, language, draft.subject, draft.body],
    queryFn: async (): Promise<EmailTextPreview> =>
      emailTextPreviewSchema.parse(await http.post(`${urlOf(id, language)}/preview`, draft)),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
