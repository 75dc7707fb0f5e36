import type { StepId } from "@portal/shared/enrollment-steps";
import { UPLOAD_CEILING_BYTES } from "@portal/shared/file-settings";
import type { UploadKind } from "@portal/shared/upload-kinds";

export { UPLOAD_KIND_NAMES, UPLOAD_KINDS, type UploadKind } from "@portal/shared/upload-kinds";

/**
 * The multipart limit: the hard ceiling an Admin may raise a kind's limit to (Settings › Files);
 * each kind's configured limit is checked after reading.
 */
export const MAX_UPLOAD_BYTES = UPLOAD_CEILING_BYTES;

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
