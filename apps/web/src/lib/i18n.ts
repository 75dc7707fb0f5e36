import { RESOURCES } from "@portal/i18n/resources";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, pickInitialLanguage } from "@portal/shared/languages";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { useSettingsStore } from "./settings-store.ts";

/** The language to start with: the stored choice, else the browser's (spec 3 rule). */
function initialLanguage() {
  return useSettingsStore.getState().language ?? pickInitialLanguage(navigator.languages ?? []);
}

export const i18n = i18next.createInstance();

function syncHtmlLang(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}

i18n.on("languageChanged", syncHtmlLang);

void i18n.use(initReactI18next).init({
  resources: RESOURCES,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGE_CODES],
  ns: Object.keys(RESOURCES.es),
  defaultNS: "common",
  // Resources are bundled, so initialisation can finish before the first render.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // Spec 8: a missing translation is ignored (the fallback or the key shows), never reported.
  saveMissing: false,
  missingKeyHandler: false,
  showSupportNotice: false,
});

syncHtmlLang(i18n.language);
