import type { Language } from "@portal/shared/languages";
import type { SessionInfo } from "@portal/shared/schemas/responses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "./http.ts";
import { i18n } from "./i18n.ts";
import { SESSION_QUERY_KEY } from "./session-query.ts";
import { useSettingsStore } from "./settings-store.ts";

/** Shows the interface in `language`; `remember` stores it as the user's choice (persist:settings). */
export function applyLanguage(language: Language, { remember }: { remember: boolean }): void {
  if (remember) useSettingsStore.getState().setLanguage(language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

export function putSessionLanguage(language: Language): Promise<SessionInfo> {
  return http.put<SessionInfo>("/api/session/language", { language });
}

/**
 * A language choice: the interface switches at once, then the server stores it on the session
 * cookie (and on the user when signed in) so its messages and e-mails follow.
 */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: putSessionLanguage,
    onSuccess: (session) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      // The server labels catalogues in the session's language: a list fetched under the new
      // language before this answer came back may still be in the old one.
      void queryClient.invalidateQueries({ queryKey: ["catalog"] });
    },
  });
  return (language: Language) => {
    applyLanguage(language, { remember: true });
    mutation.mutate(language);
  };
}
