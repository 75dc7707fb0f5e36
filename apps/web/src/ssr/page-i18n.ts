import { FIRST_SCREEN_NAMESPACES } from "@portal/i18n/namespaces";
import type { Language } from "@portal/shared/languages";
import type { i18n as I18n } from "i18next";
import { i18n } from "../lib/i18n.ts";

const byLanguage = new Map<Language, Promise<I18n>>();

async function languageInstance(language: Language): Promise<I18n> {
  const instance = i18n.cloneInstance({ lng: language, initAsync: false });
  // Set explicitly: whether a clone starts in `lng` differs between i18next's builds (ESM, CJS).
  await instance.changeLanguage(language);
  return instance;
}

/**
 * The i18n instance a page is drawn with: one per language, sharing the app's catalogs (loaded
 * once, from the same lazy modules the browser downloads), so two pages drawn at the same time in
 * two languages never see each other's. `namespaces`: what the screen needs beyond the first
 * screen's (the browser loads them beside the screen's code, app/screens.ts).
 */
export async function pageI18n(language: Language, namespaces: readonly string[]): Promise<I18n> {
  let instance = byLanguage.get(language);
  if (!instance) {
    instance = languageInstance(language);
    byLanguage.set(language, instance);
  }
  const ready = await instance;
  await ready.loadNamespaces([...FIRST_SCREEN_NAMESPACES, ...namespaces]);
  return ready;
}
