import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import forge from "node-forge";

/*
 * Certificates for the seal's tests, made as each test runs: no key or PKCS#12 file is kept in the
 * repository. forge writes the PKCS#12 files whose validity a test chooses (OpenSSL 3.0's `req`
 * cannot date a certificate in the past); the OpenSSL command line writes one as a school's
 * certificate authority or OpenSSL itself would (AES-256 and a SHA-256 MAC, or an EC key).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TestCertificateOptions {
  commonName?: string;
  password?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** Leave the private key out of the file (a certificate alone). */
  withoutKey?: boolean;
}

/** A self-signed RSA certificate and its key in a PKCS#12 file (forge, 3DES as most issuers still write). */
export function forgePkcs12(options: TestCertificateOptions = {}): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  cert.serialNumber = "0a1b2c3d4e";
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - DAY_MS);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * DAY_MS);
  const name = [
    { name: "commonName", value: options.commonName ?? "Colegio de Prueba" },
    { name: "organizationName", value: "Colegio de Prueba" },
    { name: "countryName", value: "EC" },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(options.withoutKey ? null : key, [cert], options.password ?? "secret", {
    algorithm: "3des",
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}

/** A PKCS#12 file as `openssl pkcs12 -export` writes it (OpenSSL 3: PBES2 AES-256-CBC, SHA-256 MAC). */
export function opensslPkcs12(
  options: { keyType?: "rsa" | "ec"; password?: string; commonName?: string } = {},
): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seal-cert-"));
  try {
    const keyArgs =
      options.keyType === "ec" ? ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"] : ["-newkey", "rsa:2048"];
    const run = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
    run([
      "req",
      "-x509",
      ...keyArgs,
      "-nodes",
      "-days",
      "30",
      "-subj",
      `/CN=${options.commonName ?? "Colegio OpenSSL"}/O=Colegio OpenSSL/C=EC`,
      "-keyout",
      "key.pem",
      "-out",
      "cert.pem",
    ]);
    run([
      "pkcs12",
      "-export",
      "-inkey",
      "key.pem",
      "-in",
      "cert.pem",
      "-out",
      "cert.p12",
      "-passout",
      `pass:${options.password ?? "secret"}`,
    ]);
    return fs.readFileSync(path.join(dir, "cert.p12"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);
