import { translate } from "@portal/i18n/translate";
import type { StepId } from "@portal/shared/enrollment-steps";
import { LANGUAGES, type Language } from "@portal/shared/languages";
import type { YearConstants } from "@portal/shared/rules/year-settings";

/**
 * Everything the enrollment documents show, read once per file (then rendered in any language):
 * the steps as saved, the request, the consents as recorded, upload names and catalogue labels.
 * Read by document-source-loader.ts on the main thread; this file is what the drawing threads
 * load too, so it imports nothing of the database (docs/adr/0005-pdf-worker-pools.md "Decision").
 */

export type StepData = Record<string, unknown>;

/** The school is in Ecuador (spec 1): dates and times in the documents are the school's. */
export const SCHOOL_TIME_ZONE = "America/Guayaquil";

export interface Consent {
  accepted: boolean;
  /** The family withdrew it (docs/rules/data-protection.md "Withdrawing a consent"); `version` is the one withdrawn. */
  withdrawn: boolean;
  version: string;
  at: string;
}

export interface DocumentsSource {
  fileId: number;
  familyUserId: number;
  status: string;
  studentName: string;
  studentDocument: string;
  levelCode: string | null;
  schoolYearLabel: string;
  isNewStudent: boolean;
  /** The request the send created; null for a draft. */
  request: { code: string; sentAt: string } | null;
  steps: Partial<Record<StepId, StepData>>;
  /** The consent in force per subject (`terms.termsOfUse`, `photo.use`…). */
  consents: Map<string, Consent>;
  /** Upload id → the name it was uploaded with. */
  uploads: Map<number, string>;
  /** `catalog:code` → label per language. */
  labels: Map<string, Record<Language, string>>;
  school: { name: string; accent: string };
  /** Spec 9's constants as set for the file's school year (Settings › General). */
  constants: YearConstants;
  /**
   * The school's documents this file needs (Settings › Documents), each in the version the file
   * keeps (docs/rules/documents.md "The school's own documents"), and the year's fees text.
   */
  schoolDocuments: SchoolDocumentText[];
  feesText: Record<Language, string>;
}

export interface SchoolDocumentText {
  documentId: number;
  key: string;
  builtIn: boolean;
  online: boolean;
  versionId: number;
  titles: Record<Language, string>;
  bodies: Record<Language, string>;
}

export interface Representative {
  number: 1 | 2;
  data: StepData;
}

/** The file's representatives: the first, and the second unless the family declined one. */
export function representativesOf(source: DocumentsSource): Representative[] {
  const list: Representative[] = [];
  const first = source.steps.firstRepresentative;
  const second = source.steps.secondRepresentative;
  if (first && Object.keys(first).length > 0) list.push({ number: 1, data: first });
  if (second && Object.keys(second).length > 0 && second.declined !== true) list.push({ number: 2, data: second });
  return list;
}

const str = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/**
 * The date formats of each locale, made once: an Intl.DateTimeFormat costs about a millisecond to
 * build, and every signing call and PDF makes a localizer.
 */
const formats = new Map<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();
function formatsOf(locale: string) {
  let found = formats.get(locale);
  if (!found) {
    found = {
      date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }),
      dateTime: new Intl.DateTimeFormat(locale, {
        dateStyle: "long",
        timeStyle: "short",
        hourCycle: "h23",
        timeZone: SCHOOL_TIME_ZONE,
      }),
    };
    formats.set(locale, found);
  }
  return found;
}

/** Formatting and translation in one language, for one file's documents. */
export function localizer(source: DocumentsSource, language: Language) {
  const locale = LANGUAGES.find((l) => l.code === language)?.locale ?? "es-ES";
  const { date: dateFormat, dateTime: dateTimeFormat } = formatsOf(locale);
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(language, `documents:${key}`, vars);
  const label = (catalog: string, code: unknown) => {
    const value = str(code);
    if (!value) return "";
    return source.labels.get(`${catalog}:${value}`)?.[language] ?? value;
  };
  return {
    language,
    locale,
    t,
    str,
    label,
    country: (code: unknown) => label("countries", code),
    /** A YYYY-MM-DD date in words ("14 de marzo de 2015"). */
    date: (value: unknown) => {
      const text = str(value);
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? dateFormat.format(new Date(`${text}T00:00:00Z`)) : text;
    },
    /** An ISO time in the school's time zone. */
    dateTime: (iso: string) => dateTimeFormat.format(new Date(iso)),
    yesNo: (value: unknown) => t(value === true ? "common.yes" : "common.no"),
    file: (id: unknown) =>
      typeof id === "number" ? (source.uploads.get(id) ?? t("common.fileMissing", { id: String(id) })) : "",
    /** "Pasaporte n.º X" for a person's identification. */
    identification: (type: unknown, number: unknown) =>
      t("common.identification", { type: label("identificationTypes", type ?? 1), number: str(number) }),
    /** Given names then surnames, as people are named in the documents. */
    personName: (person: StepData | undefined) =>
      [person?.names, person?.firstName ?? person?.lastName, person?.secondName].map(str).filter(Boolean).join(" "),
    level: () => label("levels", source.levelCode ?? source.steps.enrollmentYear?.levelCode),
    /** The year's constants, for texts that quote a time or an amount. */
    constants: source.constants,
  };
}

export type Localizer = ReturnType<typeof localizer>;
