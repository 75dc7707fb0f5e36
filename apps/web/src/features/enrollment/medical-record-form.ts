import { vaccinationBookletRequired } from "@portal/shared/rules/medical";
import { todayIso } from "@portal/shared/schemas/enrollment/common";
import type { MedicalRecordInput } from "@portal/shared/schemas/enrollment/medical-record";
import {
  blankToUndefined,
  bool,
  decimalText,
  fileIdOf,
  str,
  textToNumber,
  yesNoText,
  yesNoValue,
} from "./step-kit/form-values.ts";

/**
 * The medical-record form (step 13) as the inputs hold it, and its conversions: saved step data →
 * form, form → request body for `medicalRecordSchema`. These values live only in react-hook-form's
 * memory: nothing of a medical record goes to browser storage.
 */
export type YesNo = "" | "yes" | "no";

export interface AllergyValues {
  item: string;
  reaction: string;
}

/** The four allergy groups of spec 3, in the order the form shows them. */
export const ALLERGY_GROUPS = ["medications", "foods", "insects", "other"] as const;
export type AllergyGroup = (typeof ALLERGY_GROUPS)[number];

export interface MedicalRecordValues {
  disease: YesNo;
  diseaseObservation: string;
  takeMedication: YesNo;
  takeMedicationObservation: string;
  hasIncapacity: YesNo;
  incapacityObservation: string;
  incapacityCertificateFileId: number | null;
  disqualifiedSport: YesNo;
  disqualifiedSportObservation: string;
  disqualifiedSportFileId: number | null;
  vaccinationBookletFileId: number | null;
  /** "No known allergies" is every group left empty. */
  allergies: Record<AllergyGroup, AllergyValues[]>;
  /** Centimetres as typed ("138,5" or "138.5"). */
  height: string;
  /** Kilograms as typed ("32,4" or "32.4"). */
  weight: string;
  treatmentReceived: string;
  authorizeEmergencyActions: YesNo;
  declarationOfTruth: boolean;
}

export const EMPTY_ALLERGY: AllergyValues = { item: "", reaction: "" };

/** What decides whether the booklet is required; the server uses 1900-01-01 for an unknown birth date. */
export function bookletRequiredFor(context: { isNewStudent: boolean; birthDate: string | null }, on = todayIso()) {
  return vaccinationBookletRequired({
    isNewStudent: context.isNewStudent,
    birthDate: context.birthDate ?? "1900-01-01",
    on,
  });
}

function allergiesOf(value: unknown): AllergyValues[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry: Record<string, unknown> | null) => ({
    item: str(entry?.item),
    reaction: str(entry?.reaction),
  }));
}

/** Saved data (GET …/steps/medicalRecord, null before the first save) as form values. */
export function toFormValues(
  data: Record<string, unknown> | null | undefined,
  options: { decimalComma?: boolean } = {},
): MedicalRecordValues {
  const decimalComma = options.decimalComma ?? false;
  const source = data ?? {};
  const allergies = (source.allergies ?? {}) as Record<string, unknown>;
  return {
    disease: yesNoText(source.disease),
    diseaseObservation: str(source.diseaseObservation),
    takeMedication: yesNoText(source.takeMedication),
    takeMedicationObservation: str(source.takeMedicationObservation),
    hasIncapacity: yesNoText(source.hasIncapacity),
    incapacityObservation: str(source.incapacityObservation),
    incapacityCertificateFileId: fileIdOf(source.incapacityCertificateFileId),
    disqualifiedSport: yesNoText(source.disqualifiedSport),
    disqualifiedSportObservation: str(source.disqualifiedSportObservation),
    disqualifiedSportFileId: fileIdOf(source.disqualifiedSportFileId),
    vaccinationBookletFileId: fileIdOf(source.vaccinationBookletFileId),
    allergies: {
      medications: allergiesOf(allergies.medications),
      foods: allergiesOf(allergies.foods),
      insects: allergiesOf(allergies.insects),
      other: allergiesOf(allergies.other),
    },
    height: decimalText(source.height, decimalComma),
    weight: decimalText(source.weight, decimalComma),
    treatmentReceived: str(source.treatmentReceived),
    authorizeEmergencyActions: yesNoText(source.authorizeEmergencyActions),
    declarationOfTruth: bool(source.declarationOfTruth),
  };
}

/**
 * Form values as the request body. An unanswered yes/no is left out (the schema says it is
 * required); the observation and certificate of a question answered "no" are dropped, so a text
 * typed before changing the answer is neither sent nor stored. Allergy entries are sent as they
 * are, one for one, so the schema's error paths point at the right row.
 */
export function toRequestBody(values: MedicalRecordValues): MedicalRecordInput {
  const disease = yesNoValue(values.disease);
  const takeMedication = yesNoValue(values.takeMedication);
  const hasIncapacity = yesNoValue(values.hasIncapacity);
  const disqualifiedSport = yesNoValue(values.disqualifiedSport);
  const body = {
    disease,
    diseaseObservation: disease ? values.diseaseObservation : undefined,
    takeMedication,
    takeMedicationObservation: takeMedication ? values.takeMedicationObservation : undefined,
    hasIncapacity,
    incapacityObservation: hasIncapacity ? values.incapacityObservation : undefined,
    incapacityCertificateFileId: hasIncapacity ? (values.incapacityCertificateFileId ?? undefined) : undefined,
    disqualifiedSport,
    disqualifiedSportObservation: disqualifiedSport ? blankToUndefined(values.disqualifiedSportObservation) : undefined,
    disqualifiedSportFileId: disqualifiedSport ? (values.disqualifiedSportFileId ?? undefined) : undefined,
    vaccinationBookletFileId: values.vaccinationBookletFileId ?? undefined,
    allergies: {
      medications: values.allergies.medications.map(({ item, reaction }) => ({ item, reaction })),
      foods: values.allergies.foods.map(({ item, reaction }) => ({ item, reaction })),
      insects: values.allergies.insects.map(({ item, reaction }) => ({ item, reaction })),
      other: values.allergies.other.map(({ item, reaction }) => ({ item, reaction })),
    },
    height: textToNumber(values.height),
    weight: textToNumber(values.weight),
    treatmentReceived: blankToUndefined(values.treatmentReceived),
    authorizeEmergencyActions: yesNoValue(values.authorizeEmergencyActions),
    declarationOfTruth: values.declarationOfTruth,
  };
  // Leave absent keys out rather than sending `undefined`, as JSON would.
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as MedicalRecordInput;
}

const blank = (value: string) => value.trim() === "";

/**
 * The schema's cross-field rules (its refinement, which waits for every other field to be valid),
 * checked at once so the family sees them together with the other missing fields. Same paths and
 * messages as `medicalRecordSchema`.
 */
export function earlyChecks(values: MedicalRecordValues, bookletRequired: boolean): Partial<Record<string, string>> {
  const issues: Partial<Record<string, string>> = {};
  const observations = [
    ["disease", "diseaseObservation"],
    ["takeMedication", "takeMedicationObservation"],
    ["hasIncapacity", "incapacityObservation"],
  ] as const;
  for (const [flag, observation] of observations) {
    if (values[flag] === "yes" && blank(values[observation])) issues[observation] = "validation.observationRequired";
  }
  if (values.hasIncapacity === "yes" && values.incapacityCertificateFileId === null) {
    issues.incapacityCertificateFileId = "validation.incapacityCertificate";
  }
  if (
    values.disqualifiedSport === "yes" &&
    values.disqualifiedSportFileId === null &&
    blank(values.disqualifiedSportObservation)
  ) {
    issues.disqualifiedSportObservation = "validation.sportExemptionProof";
  }
  if (bookletRequired && values.vaccinationBookletFileId === null) {
    issues.vaccinationBookletFileId = "validation.vaccinationBooklet";
  }
  return issues;
}
