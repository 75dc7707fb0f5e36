import { z } from "zod";
import { REQUEST_STATUSES, type RequestStatus } from "../request-status.ts";
import { LEVEL_CODES } from "../rules/levels.ts";
import { DEFAULT_PAGE_SIZE, pageField, pageSizeField, requestFilterFields } from "./requests.ts";

/**
 * The medical records view (`/portal/medical-records`): GET /api/medical-records (a
 * page of students) and GET /api/medical-records/pdf (the level's printable PDF). The filters are
 * the back office's shared ones; strict, so an unknown or repeated parameter is a 400 naming it.
 */

/**
 * Without a `status` filter, the students the school will have in class: requests accepted and
 * beyond (docs/rules/documents.md "Medical records"). Untreated, refused or cancelled ones only when asked.
 */
export const MEDICAL_DEFAULT_STATUSES: readonly RequestStatus[] = ["Accepted", "Validated", "Confirmed", "Finished"];

export const medicalRecordsQuerySchema = z.strictObject({
  ...requestFilterFields,
  page: pageField.default(1),
  pageSize: pageSizeField.default(DEFAULT_PAGE_SIZE),
});
export type MedicalRecordsQueryInput = z.input<typeof medicalRecordsQuerySchema>;
export type MedicalRecordsQuery = z.output<typeof medicalRecordsQuerySchema>;

/** The PDF is per level: the level is required. */
export const medicalRecordsPdfQuerySchema = z.strictObject({
  ...requestFilterFields,
  level: z.enum(LEVEL_CODES, { error: "validation.level" }),
});
export type MedicalRecordsPdfQuery = z.output<typeof medicalRecordsPdfQuerySchema>;

export const ALLERGY_GROUPS = ["medications", "foods", "insects", "other"] as const;
export type AllergyGroup = (typeof ALLERGY_GROUPS)[number];

const allergyEntry = z.object({ item: z.string(), reaction: z.string() });

/** A yes/no answer and its text (disease, medication, disability, sports exemption). */
const answered = z.object({ yes: z.boolean(), text: z.string() });

export const medicalRecordRowSchema = z.object({
  requestId: z.number(),
  code: z.string(),
  studentName: z.string(),
  levelCode: z.enum(LEVEL_CODES).nullable(),
  requestStatus: z.enum(REQUEST_STATUSES),
  /** False when the sent file has no medical record step (an old or imported file). */
  hasRecord: z.boolean(),
  allergies: z.object({
    medications: z.array(allergyEntry),
    foods: z.array(allergyEntry),
    insects: z.array(allergyEntry),
    other: z.array(allergyEntry),
  }),
  medication: answered,
  disease: answered,
  disability: answered,
  sportsExemption: answered,
  treatmentReceived: z.string(),
  /** Null when the record does not say. */
  emergencyMeasuresAuthorized: z.boolean().nullable(),
  /** The blood type's label (student file step), "" when not given. */
  bloodType: z.string(),
  emergencyContacts: z.array(z.object({ name: z.string(), relationship: z.string(), phone: z.string() })),
});
export type MedicalRecordRow = z.infer<typeof medicalRecordRowSchema>;

export const medicalRecordListSchema = z.object({
  items: z.array(medicalRecordRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The statuses applied (the default ones when the query named none). */
  statuses: z.array(z.enum(REQUEST_STATUSES)),
});
export type MedicalRecordList = z.infer<typeof medicalRecordListSchema>;

/** Whether a row has at least one allergy in any group. */
export function hasAllergies(row: Pick<MedicalRecordRow, "allergies">): boolean {
  return ALLERGY_GROUPS.some((group) => row.allergies[group].length > 0);
}
