import type { StepId } from "@portal/shared/enrollment-steps";
import { UPLOAD_KINDS, type UploadKind } from "@portal/shared/upload-kinds";

export { UPLOAD_KIND_NAMES, UPLOAD_KINDS, type UploadKind } from "@portal/shared/upload-kinds";

/** The multipart limit: the largest kind's; each kind's own limit is checked after reading. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_KINDS).map((kind) => kind.maxBytes));

const PHOTO_KIND: Partial<Record<StepId, UploadKind>> = {
  studentPhoto: "studentPhoto",
  firstRepresentative: "representativePhoto",
  secondRepresentative: "representativePhoto",
  authorizedPersons: "authorizedPersonPhoto",
};

const DOCUMENT_KIND: Record<string, UploadKind> = {
  identityDocumentFileId: "identityDocument",
  documentFileId: "identityDocument",
  legalBackingFileId: "legalBacking",
  incapacityCertificateFileId: "incapacityCertificate",
  disqualifiedSportFileId: "sportCertificate",
  vaccinationBookletFileId: "vaccinationBooklet",
};

/** The kind of upload a step's `…FileId` field must point at, or undefined for an unknown field. */
export function uploadKindFor(step: StepId, field: string): UploadKind | undefined {
  return field === "photoFileId" ? PHOTO_KIND[step] : DOCUMENT_KIND[field];
}
