import { type SealInput, sealPdf } from "../lib/pdf-seal.ts";
import { inspectPkcs12, type Pkcs12Inspection } from "../lib/pkcs12.ts";

/*
 * The school's seal's CPU work (docs/adr/0005-pdf-worker-pools.md "Decision"), in a pool of its own
 * that starts on the first seal and stops after a minute idle: node-forge and @signpdf stay out of
 * the drawing threads, which every server keeps from its start, for a school without a certificate
 * as for one with.
 */

/** The school's seal on a final signed PDF (lib/pdf-seal.ts): opening the PKCS#12 and signing take the CPU too. */
export function seal(input: SealInput): Promise<Uint8Array> {
  return sealPdf(input);
}

/** An uploaded certificate opened with its password (tens of milliseconds of key derivation). */
export function inspectCertificate({ pkcs12, password }: { pkcs12: Uint8Array; password: string }): Pkcs12Inspection {
  return inspectPkcs12(pkcs12, password);
}
