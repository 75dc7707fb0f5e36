import { z } from "zod";

/**
 * Settings › Documents, the school's certificate (docs/rules/documents.md "Seal"): the PKCS#12 file
 * that seals the signed PDFs. Uploaded as multipart (`password`, then `file`); what the panel shows.
 */

/** The certificate's file: a PKCS#12 is a few kilobytes; 100 KB leaves room for a long chain. */
export const CERTIFICATE_MAX_BYTES = 100 * 1024;

/** The `password` part of the upload (a PKCS#12 may have an empty one); never stored in clear. */
export const certificatePasswordSchema = z
  .string({ error: "validation.certificatePassword" })
  .max(500, { error: "validation.tooLong" });

export const schoolCertificateSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  serial: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
});
export type SchoolCertificate = z.infer<typeof schoolCertificateSchema>;

/** GET, PUT and DELETE answer the certificate in use, or null when the PDFs are not sealed. */
export const schoolCertificateViewSchema = z.object({ certificate: schoolCertificateSchema.nullable() });
export type SchoolCertificateView = z.infer<typeof schoolCertificateViewSchema>;
