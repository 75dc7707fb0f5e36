const MB = 1024 * 1024;

/**
 * What each kind of upload must be (spec 5): identity documents and certificates are
 * PDFs up to 5 MB; representative and authorized-person photos png or jpg up to 1 MB; the student
 * photo, cropped to 500 × 500 in the browser, is normalised to that size on the server. The browser
 * checks type and size before sending; the server checks again, by content.
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

/** The side of the square student photo, in pixels. */
export const STUDENT_PHOTO_SIZE_PX = 500;
