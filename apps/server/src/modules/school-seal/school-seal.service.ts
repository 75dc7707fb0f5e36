import type { AppContext } from "../../context.ts";
import { nowIso } from "../../db/database.ts";
import { sealInWorker } from "../../lib/pdf-pool.ts";
import { openCertificate } from "./certificate-store.ts";
import { findCertificate } from "./school-certificate.repository.ts";

/*
 * The seal step of a final signed PDF (docs/rules/documents.md "Seal"): with the school's
 * certificate, when one is uploaded and valid today, in a drawing thread. A certificate that has
 * expired since its upload, or no longer opens (the data key changed without the rotation), seals
 * nothing: the PDF goes out with its evidence page only, `sealed` false, and the reason is logged;
 * a countersignature is never refused for want of a seal.
 */

export interface SealWords {
  /** What readers show as the signature's reason. */
  reason: string;
  /** The signer's name readers show (the school's). */
  name: string;
  location: string;
  /** The public checker's address, where readers are told to check it. */
  contactInfo: string;
}

export interface SealOutcome {
  bytes: Uint8Array;
  sealed: boolean;
}

export async function sealWithSchoolCertificate(
  ctx: AppContext,
  pdf: Uint8Array,
  words: SealWords,
): Promise<SealOutcome> {
  const row = await findCertificate(ctx.db);
  if (!row) return { bytes: pdf, sealed: false };
  const now = nowIso();
  if (row.valid_to <= now || row.valid_from > now) {
    console.warn(
      `seal: the school's certificate is not valid today (${row.valid_from} – ${row.valid_to}): PDF not sealed`,
    );
    return { bytes: pdf, sealed: false };
  }
  try {
    const { pkcs12, password } = openCertificate(ctx.secrets, row);
    const bytes = await sealInWorker({ pdf, pkcs12, password, ...words, signingTime: new Date(now) });
    return { bytes, sealed: true };
  } catch (error) {
    console.warn(`seal: the school's certificate did not seal the PDF: ${(error as Error).message}`);
    return { bytes: pdf, sealed: false };
  }
}
