/* The school's certificate (migration 0048; docs/rules/documents.md "Seal"). */

/** The one certificate that seals the signed PDFs (`slot` is always 1). */
export interface SchoolCertificatesTable {
  slot: number;
  /** The PKCS#12 file, base64, sealed with the data key (lib/secret-box.ts). */
  pkcs12_sealed: string;
  /** Its password, sealed the same way under another context. */
  password_sealed: string;
  subject: string;
  issuer: string;
  serial: string;
  valid_from: string;
  valid_to: string;
  uploaded_by: number | null;
  uploaded_at: string;
}
