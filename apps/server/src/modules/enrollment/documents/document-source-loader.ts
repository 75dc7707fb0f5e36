import { STEP_IDS, type StepId } from "@portal/shared/enrollment-steps";
import type { AppContext } from "../../../context.ts";
import { catalogLabels } from "../../catalogs/catalog-entries.service.ts";
import { documentsForFile, feesText } from "../../school-documents/document-texts.service.ts";
import { getIdentity } from "../../settings/identity.service.ts";
import { yearConstants } from "../../settings/year-settings.service.ts";
import { referencedUploads } from "../step-schemas.ts";
import type { Consent, DocumentsSource, StepData } from "./document-source.ts";
import { findFileForDocuments, listFileConsents, listFileStepData, listUploadNames } from "./documents.repository.ts";

/*
 * Reads a file's DocumentsSource from the database, on the main thread. Apart from
 * document-source.ts so that the drawing threads, which receive the source as plain data, load
 * neither the database drivers nor sharp (docs/adr/0005-pdf-worker-pools.md "Decision").
 */

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
  const fileRef = {
    fileId: file.fileId,
    schoolYearId: file.schoolYearId,
    isNewStudent: file.isNewStudent === 1,
    levelCode:
      file.levelCode ?? (typeof steps.enrollmentYear?.levelCode === "string" ? steps.enrollmentYear.levelCode : null),
    sent: Boolean(file.requestCode),
  };
  const [uploadRows, labelRows, consentRows, identity, constants, schoolDocuments, fees] = await Promise.all([
    listUploadNames(ctx.db, file.familyUserId, uploadIds),
    catalogLabels(ctx.db, LABELLED_CATALOGS, candidateCodes(data, file.levelCode)),
    listFileConsents(ctx.db, fileId),
    getIdentity(ctx),
    yearConstants(ctx, file.schoolYearId),
    documentsForFile(ctx, fileRef),
    feesText(ctx, file.schoolYearId),
  ]);
  const consents = new Map<string, Consent>();
  for (const row of consentRows) {
    consents.set(row.subject, {
      accepted: row.accepted === 1,
      withdrawn: row.withdrawn === 1,
      version: row.text_version,
      at: row.created_at,
    });
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
    schoolDocuments,
    feesText: fees,
  };
}
