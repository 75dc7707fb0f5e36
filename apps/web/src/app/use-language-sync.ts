import { isLanguage } from "@portal/shared/languages";
import type { SessionInfo } from "@portal/shared/schemas/responses";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { applyLanguage, putSessionLanguage } from "../lib/language.ts";
import { SESSION_QUERY_KEY } from "../lib/session-query.ts";
import { useSettingsStore } from "../lib/settings-store.ts";

/**
 * Keeps the interface language and the server's in step:
 * - signed in: the user's stored language wins (it is what the session reports);
 * - visitor with a stored choice: the server learns it, so its messages match the screen;
 * - visitor without one: the server's pick is used (its portal_lang cookie, else the same
 *   browser-languages rule the first render used).
 */
export function useLanguageSync(session: SessionInfo | undefined): void {
  const queryClient = useQueryClient();
  const loaded = session !== undefined;
  const userId = session?.user?.id ?? null;
  const serverLanguage = session?.language;

  useEffect(() => {
    if (!loaded || !isLanguage(serverLanguage)) return;
    if (userId !== null) {
      applyLanguage(serverLanguage, { remember: true });
      return;
    }
    const chosen = useSettingsStore.getState().language;
    if (!chosen) {
      applyLanguage(serverLanguage, { remember: false });
    } else if (chosen !== serverLanguage) {
      // A page the server drew in its pick (no cookie yet) is switched to the stored choice.
      applyLanguage(chosen, { remember: false });
      putSessionLanguage(chosen).then(
        (next) => queryClient.setQueryData(SESSION_QUERY_KEY, next),
        () => {},
      );
    }
  }, [loaded, userId, serverLanguage, queryClient]);
}
