import { FIRST_SCREEN_NAMESPACES } from "@portal/i18n/namespaces";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language, pickInitialLanguage } from "@portal/shared/languages";
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { initialData } from "./initial-data.ts";
import { useSettingsStore } from "./settings-store.ts";

/**
 * The catalogs, one lazy module per language and namespace: only the current language's are
 * downloaded, when a screen needs them. The server-only namespaces (e-mails, PDFs;
 * SERVER_ONLY_NAMESPACES) are left out of the glob, so they are not even in the build.
 * vite.config.ts groups each language's first-screen and signed-in namespaces into one chunk each.
 */
const CATALOGS = import.meta.glob<ResourceKey>(
  [
    "../../../../packages/i18n/locales/*/*.json",
    "!../../../../packages/i18n/locales/*/email.json",
    "!../../../../packages/i18n/locales/*/documents.json",
  ],
  { import: "default" },
);

function catalogLoader(language: string, namespace: string) {
  return CATALOGS[`../../../../packages/i18n/locales/${language}/${namespace}.json`];
}

const lazyCatalogs: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = catalogLoader(language, namespace);
    if (!load) return callback(new Error(`no catalog ${language}/${namespace}`), false);
    load().then(
      (catalog) => callback(null, catalog),
      // Retried by i18next; a screen waiting for it keeps its loader meanwhile.
      (error: unknown) => callback(error as Error, true),
    );
  },
};

/**
 * The language to start with: a page the server drew was drawn in its own choice (the visitor's
 * cookie, else the browser's), which the browser must take over unchanged; else the stored choice,
 * else the browser's (spec 3 rule). On the server each page gets its own copy (ssr/page-i18n.ts).
 */
function initialLanguage() {
  if (import.meta.env.SSR) return DEFAULT_LANGUAGE;
  return (
    initialData?.language ?? useSettingsStore.getState().language ?? pickInitialLanguage(navigator.languages ?? [])
  );
}

export const i18n = i18next.createInstance();

function syncHtmlLang(language: string) {
  if (import.meta.env.SSR) return;
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}

i18n.on("languageChanged", syncHtmlLang);

void i18n
  .use(lazyCatalogs)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    // No fallback language: it would download Spanish beside the language shown. The catalogs are
    // complete in every language (packages/i18n parity test), so a fallback would never be used.
    fallbackLng: false,
    supportedLngs: [...LANGUAGE_CODES],
    load: "currentOnly",
    // What every screen may need; the signed-in shell (SignedInStrings) and some screens
    // (app/screens.ts) load more before they show.
    ns: [...FIRST_SCREEN_NAMESPACES],
    defaultNS: "common",
    // Synchronous init sets the language at once; the catalogs still arrive asynchronously.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Spec 8: a missing translation is ignored (the key shows), never reported.
    saveMissing: false,
    missingKeyHandler: false,
    showSupportNotice: false,
  });

syncHtmlLang(i18n.language ?? DEFAULT_LANGUAGE);

/**
 * Loads namespaces in every language, not just the current one: for the screens that show the
 * three languages side by side (Settings › General's notices). Already loaded ones cost nothing.
 */
export function loadInEveryLanguage(namespaces: readonly string[]): Promise<unknown> {
  const missing = (LANGUAGE_CODES as readonly Language[]).filter((language) =>
    namespaces.some((ns) => !i18n.hasResourceBundle(language, ns)),
  );
  return missing.length === 0 ? Promise.resolve() : i18n.reloadResources(missing, [...namespaces]);
}
