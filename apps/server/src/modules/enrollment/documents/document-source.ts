import { translate } from "@portal/i18n/translate";
import { STEP_IDS, type StepId } from "@portal/shared/enrollment-steps";
import { LANGUAGES, type Language } from "@portal/shared/languages";
import type { YearConstants } from "@portal/shared/rules/year-settings";
import type { AppContext } from "../../../context.ts";
import { getIdentity } from "../../settings/identity.service.ts";
import { yearConstants } from "../../settings/year-settings.service.ts";
import { referencedUploads } from "../step-schemas.ts";
import {
  findFileForDocuments,
  listCatalogLabels,
  listFileConsents,
  listFileStepData,
  listUploadNames,
} from "./documents.repository.ts";

/**
 * Everything the enrollment documents show, read once per file (then rendered in any language):
 * the steps as saved, the request, the consents as recorded, upload names and catalogue labels.
 */

export type StepData = Record<string, unknown>;

/** The school is in Ecuador (spec 1): dates and times in the documents are the school's. */
export const SCHOOL_TIME_ZONE = "America/Guayaquil";

/** Catalogues whose codes the documents show as labels. */
const LABELLED_CATALOGS = [
  "levels",
  "countries",
  "relationships",
  "identificationTypes",
  "civilStatus",
  "bloodTypes",
  "professionalSituations",
  "socioProfessionalCategories",
  "paymentMethods",
  "prefixes",
];

export interface Consent {
  accepted: boolean;
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
}

/** Every short string or number in the steps: the candidates for a catalogue code. */
function candidateCodes(steps: StepData[], levelCode: string | null): string[] {
  const codes = new Set<string>(levelCode ? [levelCode] : []);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") Object.values(node).forEach(walk);
    else if ((typeof node === "string" && node.length <= 40) || typeof node === "number") codes.add(String(node));
  };
  steps.forEach(walk);
  return [...codes];
}

export async function loadDocumentsSource(ctx: AppContext, fileId: number): Promise<DocumentsSource | undefined> {
  const file = await findFileForDocuments(ctx.db, fileId);
  if (!file) return undefined;
  const rows = await listFileStepData(ctx.db, fileId);
  const steps: Partial<Record<StepId, StepData>> = {};
  for (const row of rows) {
    if ((STEP_IDS as readonly string[]).includes(row.step)) steps[row.step as StepId] = JSON.parse(row.data);
  }
  const data = Object.values(steps);
  const uploadIds = [...new Set(data.flatMap((step) => referencedUploads(step).map((ref) => ref.id)))];
  const [uploadRows, labelRows, consentRows, identity, constants] = await Promise.all([
    listUploadNames(ctx.db, file.familyUserId, uploadIds),
    listCatalogLabels(ctx.db, LABELLED_CATALOGS, candidateCodes(data, file.levelCode)),
    listFileConsents(ctx.db, fileId),
    getIdentity(ctx),
    yearConstants(ctx, file.schoolYearId),
  ]);
  const consents = new Map<string, Consent>();
  for (const row of consentRows) {
    consents.set(row.subject, { accepted: row.accepted === 1, version: row.text_version, at: row.created_at });
  }
  return {
    fileId: file.fileId,
    familyUserId: file.familyUserId,
    status: file.status,
    studentName: file.studentName,
    studentDocument: file.studentDocument,
    levelCode: file.levelCode,
    schoolYearLabel: file.schoolYearLabel,
    isNewStudent: file.isNewStudent === 1,
    request: file.requestCode
      ? { code: file.requestCode, sentAt: file.sentAt ?? file.requestCreatedAt ?? new Date().toISOString() }
      : null,
    steps,
    consents,
    uploads: new Map(uploadRows.map((row) => [row.id, row.original_name])),
    labels: new Map(
      labelRows.map((row) => [`${row.catalog}:${row.code}`, { es: row.label_es, en: row.label_en, fr: row.label_fr }]),
    ),
    school: { name: identity.schoolName, accent: identity.primaryColor },
    constants,
  };
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

/** Formatting and translation in one language, for one file's documents. */
export function localizer(source: DocumentsSource, language: Language) {
  const locale = LANGUAGES.find((l) => l.code === language)?.locale ?? "es-ES";
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeStyle: "short",
    hourCycle: "h23",
    timeZone: SCHOOL_TIME_ZONE,
  });
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
