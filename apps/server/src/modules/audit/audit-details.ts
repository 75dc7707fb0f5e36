import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { REQUEST_STATUSES } from "@portal/shared/request-status";
import { schoolLocalTime } from "./school-time.ts";

/**
 * An audit event's safe details as the reader reads them (docs/rules/accounts-and-security.md "Audit log"):
 * each key named in the reader's language (`audit:detailKeys`), and each value resolved where the
 * portal has a name for it: a school year's label instead of its id, a window's, status's, role's,
 * step's, catalogue's or language's name, yes/no, dates day first. A value without a name (a code,
 * a count) is shown as it is. The page and the CSV export both use these lines.
 */

const MAX_VALUE_LENGTH = 200;

/** A JSON value as one line of text for the table and the CSV. */
export function asText(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = "";
  else if (typeof value === "string") text = value;
  else if (Array.isArray(value)) text = value.map(asText).join(", ");
  else if (typeof value === "object")
    text = Object.entries(value)
      .map(([key, item]) => `${key}=${asText(item)}`)
      .join(", ");
  else text = String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
}

/** What resolving needs besides the catalogs: the school years' labels by id. */
export interface DetailNames {
  schoolYears: ReadonlyMap<number, string>;
  status: (code: string) => string;
  level: (code: string) => string;
}

/** A key's name, or the key itself when the catalog has none (never an empty label). */
export function detailKeyLabel(lang: Language, key: string): string {
  const full = `audit:detailKeys.${key}`;
  const label = translate(lang, full);
  return label === full ? key : label;
}

/** `ns:key.value`'s text, or the value itself when the catalog has no entry for it. */
function named(lang: Language, prefix: string, value: unknown): string {
  const text = asText(value);
  const full = `${prefix}.${text}`;
  const label = translate(lang, full);
  return label === full ? text : label;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A day as the screens write it, day first (DD/MM/YYYY in the three languages). */
function dayFirst(value: string): string {
  const day = ISO_DAY.exec(value);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  if (ISO_INSTANT.test(value)) {
    const local = schoolLocalTime(value);
    return `${dayFirst(local.slice(0, 10))} ${local.slice(11, 16)}`;
  }
  return value;
}

const isStatus = (value: unknown): value is string =>
  typeof value === "string" && (REQUEST_STATUSES as readonly string[]).includes(value);

type Resolver = (value: unknown, lang: Language, names: DetailNames) => string;

const status: Resolver = (value, lang, names) =>
  isStatus(value) ? names.status(value) : named(lang, "photos:status", value);
const list =
  (one: Resolver): Resolver =>
  (value, lang, names) =>
    Array.isArray(value) ? value.map((item) => one(item, lang, names)).join(", ") : one(value, lang, names);
const day: Resolver = (value) => (typeof value === "string" ? dayFirst(value) : asText(value));
const step: Resolver = (value, lang) => named(lang, "documents:summary.sections", value);
const language: Resolver = (value, lang) => named(lang, "users:languages", value);

/** Values that have a name elsewhere in the catalogs, by detail key. */
const RESOLVERS: Readonly<Record<string, Resolver>> = {
  schoolYearId: (value, _lang, names) => names.schoolYears.get(Number(value)) ?? asText(value),
  window: (value, lang) => named(lang, "schoolYears:window", value),
  status: list(status),
  from: status,
  to: status,
  role: (value, lang) => named(lang, "audit:roles.names", value),
  step,
  steps: list(step),
  stepBefore: step,
  catalog: (value, lang) => named(lang, "catalogAdmin:names", value),
  email: (value, lang) => named(lang, "emailTexts:names", value),
  action: (value, lang) => named(lang, "common:workflowAction", value),
  report: (value, lang) =>
    value === "committeeContacts" ? translate(lang, "reports:sheet.committee") : named(lang, "reports:title", value),
  // A photo export's kind of photos, or a request filter's new / re-enrollment.
  kind: (value, lang) =>
    value === "new" || value === "reenrollment"
      ? named(lang, "inscriptions:kind", value)
      : named(lang, "photoExport:kinds", value),
  photos: (value, lang) => named(lang, "photoExport:kinds", value),
  level: (value, _lang, names) => names.level(asText(value)),
  testData: (value, lang) => named(lang, "inscriptions:filters.testDataMode", value),
  language,
  languages: list(language),
  format: (value) => asText(value).toUpperCase(),
  startsOn: day,
  endsOn: day,
  opensOn: day,
  closesOn: day,
  closedAt: day,
  receivedOn: day,
  // Data-rights requests (docs/rules/data-protection.md).
  rightsKind: (value, lang) => named(lang, "dataRights:kinds", value),
  rightsActor: (value, lang) => named(lang, "dataRights:actors", value),
  fromState: (value, lang) => named(lang, "dataRights:states", value),
  toState: (value, lang) => named(lang, "dataRights:states", value),
};

/** One value in the reader's words; an object's keys named and its values resolved the same way. */
export function detailValue(key: string, value: unknown, lang: Language, names: DetailNames): string {
  const text = resolved(key, value, lang, names);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
}

function resolved(key: string, value: unknown, lang: Language, names: DetailNames): string {
  if (typeof value === "boolean") return translate(lang, value ? "audit:detailValues.yes" : "audit:detailValues.no");
  if (key === "leftOut" && value && typeof value === "object") {
    return Object.entries(value)
      .map(([reason, count]) => `${named(lang, "photoExport:reasons", reason)}: ${asText(count)}`)
      .join(", ");
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value)
      .map(([inner, item]) => `${detailKeyLabel(lang, inner)}: ${resolved(inner, item, lang, names)}`)
      .join(", ");
  }
  const resolve = RESOLVERS[key];
  return resolve && value !== null && value !== undefined ? resolve(value, lang, names) : asText(value);
}
