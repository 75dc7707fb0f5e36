import type { Db } from "../../db/database.ts";
import { type SecretBox, sealedKeyId } from "../../lib/secret-box.ts";
import { findCertificate, replaceSealedValues } from "./school-certificate.repository.ts";

/*
 * The certificate's file and password are stored sealed with the data key (lib/secret-box.ts), as
 * the TOTP keys are, each under a context of its own: the password's sealed value copied into the
 * file's column does not open (docs/security.md "Secrets at rest").
 */
const FILE_CONTEXT = "school_certificates.pkcs12";
const PASSWORD_CONTEXT = "school_certificates.password";

export function sealCertificate(box: SecretBox, pkcs12: Uint8Array, password: string) {
  return {
    pkcs12_sealed: box.seal(Buffer.from(pkcs12).toString("base64"), FILE_CONTEXT),
    password_sealed: box.seal(password, PASSWORD_CONTEXT),
  };
}

export function openCertificate(box: SecretBox, row: { pkcs12_sealed: string; password_sealed: string }) {
  return {
    pkcs12: Buffer.from(box.open(row.pkcs12_sealed, FILE_CONTEXT), "base64"),
    password: box.open(row.password_sealed, PASSWORD_CONTEXT),
  };
}

/** The rotation (cli/rotate-data-key.ts): the certificate sealed again with the current key. */
export async function resealCertificate(db: Db, box: SecretBox): Promise<number> {
  const row = await findCertificate(db);
  if (!row) return 0;
  const current = [row.pkcs12_sealed, row.password_sealed].every((value) => sealedKeyId(value) === box.currentKeyId);
  if (current) return 0;
  const { pkcs12, password } = openCertificate(box, row);
  return replaceSealedValues(db, row, sealCertificate(box, pkcs12, password));
}
