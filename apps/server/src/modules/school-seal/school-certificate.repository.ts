import type { Db } from "../../db/database.ts";
import type { SchoolCertificatesTable } from "../../db/school-certificate-types.ts";

/* The school's certificate's queries (docs/rules/documents.md "Seal"): one row, slot 1. */

export const CERTIFICATE_SLOT = 1;

/** The certificate with the uploader's name for the panel; undefined when there is none. */
export function findCertificate(db: Db) {
  return db
    .selectFrom("school_certificates as c")
    .leftJoin("users as u", "u.id", "c.uploaded_by")
    .selectAll("c")
    .select(["u.names as uploader_names", "u.first_surname as uploader_surname", "u.email as uploader_email"])
    .where("c.slot", "=", CERTIFICATE_SLOT)
    .executeTakeFirst();
}
export type CertificateRow = NonNullable<Awaited<ReturnType<typeof findCertificate>>>;

/** Writes the one certificate, replacing the one before it. */
export async function saveCertificate(db: Db, row: Omit<SchoolCertificatesTable, "slot">): Promise<void> {
  await db.deleteFrom("school_certificates").where("slot", "=", CERTIFICATE_SLOT).execute();
  await db
    .insertInto("school_certificates")
    .values({ slot: CERTIFICATE_SLOT, ...row })
    .execute();
}

/** Removes the certificate; answers whether there was one. */
export async function deleteCertificate(db: Db): Promise<boolean> {
  const result = await db.deleteFrom("school_certificates").where("slot", "=", CERTIFICATE_SLOT).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Puts new sealed values in place of the ones read (rotation), only if they are still there. */
export async function replaceSealedValues(
  db: Db,
  read: { pkcs12_sealed: string; password_sealed: string },
  next: { pkcs12_sealed: string; password_sealed: string },
): Promise<number> {
  const result = await db
    .updateTable("school_certificates")
    .set(next)
    .where("slot", "=", CERTIFICATE_SLOT)
    .where("pkcs12_sealed", "=", read.pkcs12_sealed)
    .where("password_sealed", "=", read.password_sealed)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
