import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { isRequestStatus, REQUEST_STATUSES, type RequestStatus } from "@portal/shared/request-status";
import type { Db } from "../../db/database.ts";
import { listStatusTextRows, type StatusTextValues } from "./status-texts.repository.ts";

/**
 * THE server-side lookup of a request status's words: every e-mail and message that
 * names a status goes through `statusLabel`, so the Admin's wording shows everywhere at once.
 *
 * The ten rows are read together and kept for CACHE_MS. A save here forgets them at once; on
 * PostgreSQL the save also notifies the other server processes (`statusTexts`, cache-sync.ts),
 * and the short lifetime bounds how stale a process can be while its listener is down.
 */
export type TextsByLanguage = Record<Language, string>;
export interface ResolvedStatusText {
  label: TextsByLanguage;
  explanation: TextsByLanguage;
}
export type ResolvedStatusTexts = Record<RequestStatus, ResolvedStatusText>;

export const STATUS_TEXTS_CHANGE = "statusTexts";
const CACHE_MS = 5_000;

/** The portal's own words for a status: today's i18n label and the default explanation. */
export function defaultStatusText(status: RequestStatus): ResolvedStatusText {
  const each = (key: string): TextsByLanguage => ({
    es: translate("es", key),
    en: translate("en", key),
    fr: translate("fr", key),
  });
  return {
    label: each(`common:requestStatus.${status}`),
    explanation: each(`statusTexts:defaultExplanation.${status}`),
  };
}

/** A row's texts with each null (never edited, or reset) replaced by the default. */
export function resolveStatusText(status: RequestStatus, row: StatusTextValues | undefined): ResolvedStatusText {
  const fallback = defaultStatusText(status);
  return {
    label: {
      es: row?.label_es ?? fallback.label.es,
      en: row?.label_en ?? fallback.label.en,
      fr: row?.label_fr ?? fallback.label.fr,
    },
    explanation: {
      es: row?.explanation_es ?? fallback.explanation.es,
      en: row?.explanation_en ?? fallback.explanation.en,
      fr: row?.explanation_fr ?? fallback.explanation.fr,
    },
  };
}

let cached: { db: unknown; texts: ResolvedStatusTexts; at: number } | undefined;
/** Moves on at every forget: a read that started before a save must not cache what it read. */
let generation = 0;

export function forgetStatusTexts(): void {
  cached = undefined;
  generation += 1;
}

/**
 * Every status's words. `executor` is the transaction when called inside one (SQLite has one
 * connection: reading through another would wait for the transaction forever).
 */
export async function loadStatusTexts(ctx: { db: Db }, executor: Db = ctx.db): Promise<ResolvedStatusTexts> {
  if (cached && cached.db === ctx.db && Date.now() - cached.at < CACHE_MS) return cached.texts;
  const started = generation;
  const rows = await listStatusTextRows(executor);
  const texts = Object.fromEntries(
    REQUEST_STATUSES.map((status) => [status, resolveStatusText(status, rows.get(status))]),
  ) as ResolvedStatusTexts;
  if (started === generation) cached = { db: ctx.db, texts, at: Date.now() };
  return texts;
}

/** A status in words in `lang`; a value that is not a status is shown as it is. */
export function labelOf(texts: ResolvedStatusTexts, lang: Language, status: string): string {
  return isRequestStatus(status) ? texts[status].label[lang] : status;
}

export async function statusLabel(ctx: { db: Db }, lang: Language, status: string, executor?: Db): Promise<string> {
  return labelOf(await loadStatusTexts(ctx, executor), lang, status);
}
