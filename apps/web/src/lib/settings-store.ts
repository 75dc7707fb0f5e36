import { PERSIST_PREFIX } from "@portal/shared/constants";
import { isLanguage, type Language } from "@portal/shared/languages";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/**
 * The persisted "settings" slice (spec 3: only menu, settings and language slices persist). It holds
 * the language code and nothing personal: names and e-mails stay in the session query, in memory.
 */
interface SettingsState {
  /** The language the user chose; null until they choose one (first visit uses the browser's). */
  language: Language | null;
  setLanguage: (language: Language) => void;
}

export const SETTINGS_STORAGE_KEY = `${PERSIST_PREFIX}settings`;

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      language: null,
      setLanguage: (language) => set({ language }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ language: state.language }),
      // Storage can be edited by hand: keep only a value we support.
      merge: (persisted, current) => {
        const language = (persisted as { language?: unknown } | undefined)?.language;
        return { ...current, language: isLanguage(language) ? language : null };
      },
    },
  ),
);
