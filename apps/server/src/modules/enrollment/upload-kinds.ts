import type { StepId } from "@portal/shared/enrollment-steps";

const MB = 1024 * 1024;

/**
 * What each kind of upload must be (spec 5, issue #3): identity documents and certificates are
 * PDFs up to 5 MB; representative and authorized-person photos png or jpg up to 1 MB; the student
 * photo, cropped to 500 × 500 in the browser, is normalised to that size on the server.
 */
export const UPLOAD_KINDS = {
  identityDocument: { format: "pdf", maxBytes: 5 * MB },
  legalBacking: { format: "pdf", maxBytes: 5 * MB },
  incapacityCertificate: { format: "pdf", maxBytes: 5 * MB },
  sportCertificate: { format: "pdf", maxBytes: 5 * MB },
  vaccinationBooklet: { format: "pdf", maxBytes: 5 * MB },
  studentPhoto: { format: "studentPhoto", maxBytes: 5 * MB },
  representativePhoto: { format: "photo", maxBytes: 1 * MB },
  authorizedPersonPhoto: { format: "photo", maxBytes: 1 * MB },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;
export const UPLOAD_KIND_NAMES = Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]];
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
