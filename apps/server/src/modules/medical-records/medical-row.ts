import { asRequestStatus } from "@portal/shared/request-status";
import { isLevelCode } from "@portal/shared/rules/levels";
import { ALLERGY_GROUPS, type MedicalRecordRow } from "@portal/shared/schemas/medical-records";

/**
 * One student's medical row from the sent file's saved steps (the JSON the step schemas produced):
 * pure, so the list, the PDF and the tests read it the same way. Anything missing or malformed
 * reads as empty rather than failing the whole list.
 */

type Data = Record<string, unknown>;

export interface MedicalSource {
  id: number;
  code: string;
  student_name: string;
  level_code: string | null;
  request_status: string;
  medicalRecord?: Data;
  studentFile?: Data;
}

/** `catalog:code` → the label in the reader's language (the code itself when unknown). */
export type CatalogLabel = (catalog: "bloodTypes" | "relationships", code: string) => string;

const str = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const list = (value: unknown): Data[] =>
  Array.isArray(value) ? value.filter((item): item is Data => Boolean(item) && typeof item === "object") : [];

function answered(record: Data | undefined, flag: string, text: string) {
  return { yes: record?.[flag] === true, text: str(record?.[text]) };
}

export function medicalRow(source: MedicalSource, label: CatalogLabel): MedicalRecordRow {
  const record = source.medicalRecord;
  const student = source.studentFile;
  const allergies = (record?.allergies ?? {}) as Data;
  const group = (name: string) =>
    list(allergies[name]).map((entry) => ({ item: str(entry.item), reaction: str(entry.reaction) }));
  const bloodType = str(student?.bloodType);
  const emergency = record?.authorizeEmergencyActions;
  return {
    requestId: source.id,
    code: source.code,
    studentName: source.student_name,
    levelCode: isLevelCode(source.level_code) ? source.level_code : null,
    requestStatus: asRequestStatus(source.request_status),
    hasRecord: record !== undefined,
    allergies: Object.fromEntries(ALLERGY_GROUPS.map((name) => [name, group(name)])) as MedicalRecordRow["allergies"],
    medication: answered(record, "takeMedication", "takeMedicationObservation"),
    disease: answered(record, "disease", "diseaseObservation"),
    disability: answered(record, "hasIncapacity", "incapacityObservation"),
    sportsExemption: answered(record, "disqualifiedSport", "disqualifiedSportObservation"),
    treatmentReceived: str(record?.treatmentReceived),
    emergencyMeasuresAuthorized: typeof emergency === "boolean" ? emergency : null,
    bloodType: bloodType ? label("bloodTypes", bloodType) : "",
    emergencyContacts: list(student?.emergencyContacts).map((contact) => {
      const relationship = str(contact.relationship);
      return {
        name: str(contact.name),
        relationship: relationship ? label("relationships", relationship) : "",
        phone: str(contact.phone),
      };
    }),
  };
}

/** The catalogue codes the rows name (for one labels query). */
export function codesOf(sources: readonly MedicalSource[]): string[] {
  const codes = new Set<string>();
  for (const source of sources) {
    const blood = str(source.studentFile?.bloodType);
    if (blood) codes.add(blood);
    for (const contact of list(source.studentFile?.emergencyContacts)) {
      const code = str(contact.relationship);
      if (code) codes.add(code);
    }
  }
  return [...codes];
}
