import type { Language } from "@portal/shared/languages";
import type { SessionInfo } from "@portal/shared/schemas/responses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { http } from "./http.ts";
import { i18n } from "./i18n.ts";
import { SESSION_QUERY_KEY } from "./session-query.ts";
import { useSettingsStore } from "./settings-store.ts";

/** The last language asked for: a slower download of an earlier choice must not win. */
let wanted: Language | undefined;
/** The last language asked for whose catalogs are loaded: what useLanguageSwitch applies. */
let loaded: Language | undefined;
const listeners = new Set<() => void>();

/** Shows the interface in `language`; `remember` stores it as the user's choice (persist:settings). */
export function applyLanguage(language: Language, { remember }: { remember: boolean }): void {
  if (remember) useSettingsStore.getState().setLanguage(language);
  wanted = language;
  // The new language's catalogs first: every namespace in use (lib/i18n.ts), skipping loaded ones.
  const namespaces = [...(i18n.options.ns ?? [])];
  i18n.services.backendConnector.load([language], namespaces, () => {
    if (wanted !== language) return;
    loaded = language;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Switches i18next to the chosen language once its catalogs are there, from an effect of the root
 * layout: the switch is then synchronous and happens after every mounted component has subscribed
 * to it (their effects run before their parent's). Switching from the download's callback instead
 * could fall between a component's render and its subscription, and leave it in the old language.
 */
export function useLanguageSwitch(): void {
  // On the server (a drawn page) and while hydrating, nothing was switched yet: no language to apply.
  const language = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  );
  useEffect(() => {
    if (language && i18n.language !== language) void i18n.changeLanguage(language);
  }, [language]);
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
