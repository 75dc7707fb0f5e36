import { createPrivateKey, type KeyObject, X509Certificate } from "node:crypto";
import forge from "node-forge";

/*
 * Reading the school's certificate (docs/rules/documents.md "Seal"): a PKCS#12 file opened with its
 * password by node-forge (Node's crypto reads no PKCS#12), its key and certificates then handed to
 * Node's crypto as DER, which signs and reads certificates of any key type forge itself cannot (EC).
 */

export type Pkcs12Problem = "notPkcs12" | "wrongPassword" | "noPrivateKey";

export class Pkcs12Error extends Error {
  constructor(readonly problem: Pkcs12Problem) {
    super(`PKCS#12: ${problem}`);
  }
}

export interface Pkcs12Contents {
  key: KeyObject;
  /** The certificate of the key, then the rest of the chain the file holds. */
  certificate: X509Certificate;
  chain: X509Certificate[];
}

const toBinary = (bytes: Uint8Array) => Buffer.from(bytes).toString("binary");
const fromBinary = (binary: string) => Buffer.from(binary, "binary");

/** forge leaves `key`/`cert` null for a key type it does not read (EC) and keeps the bag's ASN.1. */
interface Bag {
  key?: forge.pki.PrivateKey | null;
  cert?: forge.pki.Certificate | null;
  asn1?: forge.asn1.Asn1;
}

function bagsOf(pfx: forge.pkcs12.Pkcs12Pfx, type: string): Bag[] {
  return (pfx.getBags({ bagType: type })[type] ?? []) as Bag[];
}

function keyOf(bag: Bag): KeyObject | undefined {
  try {
    if (bag.key) {
      const info = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key as forge.pki.rsa.PrivateKey));
      return createPrivateKey({ key: fromBinary(forge.asn1.toDer(info).getBytes()), format: "der", type: "pkcs8" });
    }
    if (bag.asn1) {
      return createPrivateKey({ key: fromBinary(forge.asn1.toDer(bag.asn1).getBytes()), format: "der", type: "pkcs8" });
    }
  } catch {
    // A key neither forge nor OpenSSL reads counts as no key.
  }
  return undefined;
}

function certificateOf(bag: Bag): X509Certificate | undefined {
  try {
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
    return asn1 ? new X509Certificate(fromBinary(forge.asn1.toDer(asn1).getBytes())) : undefined;
  } catch {
    return undefined;
  }
}

/** The PFX structure, or notPkcs12: bytes that are not DER, or DER that is not a PKCS#12 PFX. */
function parsePfx(bytes: Uint8Array, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(toBinary(bytes)), true);
  } catch {
    throw new Pkcs12Error("notPkcs12");
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    // forge's words for a PFX whose MAC or encrypted bags do not open with this password.
    if (/MAC could not be verified|password|decrypt|Invalid/i.test(message)) throw new Pkcs12Error("wrongPassword");
    throw new Pkcs12Error("notPkcs12");
  }
}

/**
 * Opens a PKCS#12 file: its private key and the certificate that goes with it (the certificate
 * whose public key is the key's), and the other certificates as the chain. Throws Pkcs12Error.
 */
export function openPkcs12(bytes: Uint8Array, password: string): Pkcs12Contents {
  const pfx = parsePfx(bytes, password);
  const { oids } = forge.pki;
  const keys = [...bagsOf(pfx, oids.pkcs8ShroudedKeyBag!), ...bagsOf(pfx, oids.keyBag!)]
    .map(keyOf)
    .filter((key): key is KeyObject => key !== undefined);
  const certificates = bagsOf(pfx, oids.certBag!)
    .map(certificateOf)
    .filter((cert): cert is X509Certificate => cert !== undefined);
  for (const key of keys) {
    const certificate = certificates.find((cert) => cert.checkPrivateKey(key));
    if (certificate) return { key, certificate, chain: certificates.filter((cert) => cert !== certificate) };
  }
  throw new Pkcs12Error("noPrivateKey");
}

export interface CertificateFacts {
  subject: string;
  issuer: string;
  serial: string;
  validFrom: string;
  validTo: string;
}

/** A distinguished name as one line ("CN=…, O=…, C=EC"), as the Settings panel shows it. */
const oneLine = (name: string) => name.split("\n").filter(Boolean).join(", ");

/** What the Settings panel shows and the table keeps beside the sealed file (ISO-8601 UTC times). */
export function certificateFacts(certificate: X509Certificate): CertificateFacts {
  return {
    subject: oneLine(certificate.subject),
    issuer: oneLine(certificate.issuer),
    serial: certificate.serialNumber.toUpperCase(),
    validFrom: new Date(certificate.validFrom).toISOString(),
    validTo: new Date(certificate.validTo).toISOString(),
  };
}

export type Pkcs12Inspection = { ok: true; facts: CertificateFacts } | { ok: false; problem: Pkcs12Problem };

/** What an upload's check needs, as plain data (it crosses from a drawing thread). */
export function inspectPkcs12(bytes: Uint8Array, password: string): Pkcs12Inspection {
  try {
    return { ok: true, facts: certificateFacts(openPkcs12(bytes, password).certificate) };
  } catch (error) {
    if (error instanceof Pkcs12Error) return { ok: false, problem: error.problem };
    throw error;
  }
}
