import { z } from "zod";
import { HEIGHT_CM, vaccinationBookletRequired, WEIGHT_KG } from "../../rules/medical.ts";
import { text } from "../fields.ts";
import { addIssue, fileIdField, isBlank, observationField, requireFile, todayIso, yesNoField } from "./common.ts";

/** Most entries accepted in one allergy group. */
export const MAX_ALLERGIES_PER_GROUP = 20;

/** One allergy: what the student reacts to and how. */
export const allergySchema = z.strictObject({
  item: text(100),
  reaction: text(300),
});

const allergyGroup = z
  .array(allergySchema, { error: "validation.invalidType" })
  .max(MAX_ALLERGIES_PER_GROUP, { error: "validation.tooManyItems" });

const measurement = (bounds: { min: number; max: number }, message: string) =>
  z.number({ error: message }).min(bounds.min, { error: message }).max(bounds.max, { error: message });

const medicalRecordShape = {
  /** The student has a disease; describe it in `diseaseObservation`. */
  disease: yesNoField,
  diseaseObservation: observationField,
  /** The student takes medication; which and when in `takeMedicationObservation`. */
  takeMedication: yesNoField,
  takeMedicationObservation: observationField,
  /** The student has a disability; describe it and upload the certificate (PDF). */
  hasIncapacity: yesNoField,
  incapacityObservation: observationField,
  incapacityCertificateFileId: fileIdField,
  /** The student is exempt from sports: a health professional's certificate or a justification. */
  disqualifiedSport: yesNoField,
  /** Justification of the sports exemption (enough without a certificate). */
  disqualifiedSportObservation: observationField,
  disqualifiedSportFileId: fileIdField,
  /** The uploaded vaccination booklet (PDF); see `MedicalRecordContext`. */
  vaccinationBookletFileId: fileIdField,
  allergies: z.strictObject({
    medications: allergyGroup,
    foods: allergyGroup,
    insects: allergyGroup,
    other: allergyGroup,
  }),
  /** Height in centimetres (decimals allowed). */
  height: measurement(HEIGHT_CM, "validation.height"),
  /** Weight in kilograms (decimals allowed). */
  weight: measurement(WEIGHT_KG, "validation.weight"),
  /** Treatment the student has received or receives, if any. */
  treatmentReceived: observationField,
  /** The school may take emergency measures (first aid, transfer to hospital). */
  authorizeEmergencyActions: yesNoField,
  /** The family declares the information true (must be ticked). */
  declarationOfTruth: z.literal(true, { error: "validation.declarationOfTruth" }),
};

/** What decides whether the vaccination booklet must be uploaded (spec 5). */
export interface MedicalRecordContext {
  isNewStudent: boolean;
  /** The student's birth date, YYYY-MM-DD. */
  birthDate: string;
  /** The day the record is checked, YYYY-MM-DD; today by default. */
  on?: string;
}

/**
 * Step 13: every yes needs its observation; a disability needs its certificate; a sports exemption
 * a certificate or a justification; the vaccination booklet is required for new students and
 * students up to 6 years old (the others keep the one on file).
 */
export function medicalRecordSchema(context: MedicalRecordContext) {
  const bookletRequired = vaccinationBookletRequired({ ...context, on: context.on ?? todayIso() });
  return z.strictObject(medicalRecordShape).superRefine((value, ctx) => {
    const observations = [
      ["disease", "diseaseObservation"],
      ["takeMedication", "takeMedicationObservation"],
      ["hasIncapacity", "incapacityObservation"],
    ] as const;
    for (const [flag, observation] of observations) {
      if (value[flag] && isBlank(value[observation])) addIssue(ctx, [observation], "validation.observationRequired");
    }
    if (value.hasIncapacity) requireFile(ctx, value, "incapacityCertificateFileId", "validation.incapacityCertificate");
    if (value.disqualifiedSport && value.disqualifiedSportFileId === undefined) {
      if (isBlank(value.disqualifiedSportObservation)) {
        addIssue(ctx, ["disqualifiedSportObservation"], "validation.sportExemptionProof");
      }
    }
    if (bookletRequired) requireFile(ctx, value, "vaccinationBookletFileId", "validation.vaccinationBooklet");
  });
}
export type MedicalRecordInput = z.input<ReturnType<typeof medicalRecordSchema>>;
export type MedicalRecord = z.output<ReturnType<typeof medicalRecordSchema>>;
