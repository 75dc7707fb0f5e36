import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { forgePkcs12, opensslPkcs12 } from "../../test/support/certificates.ts";
import { opensslCmsVerify, pdfsig } from "../../test/support/pdf-verifiers.ts";
import { closePdfPool, sealInWorker } from "./pdf-pool.ts";
import { sealPdf } from "./pdf-seal.ts";
import { openPkcs12, Pkcs12Error } from "./pkcs12.ts";

async function drawnPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText("Contrato de servicios educativos", {
    x: 50,
    y: 700,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  doc.addPage().drawText("Evidence page");
  return doc.save();
}

const sealWith = async (pkcs12: Buffer, password = "secret") =>
  sealPdf({
    pdf: await drawnPdf(),
    pkcs12,
    password,
    reason: "Documento firmado en línea",
    name: "Colegio de Prueba",
    location: "Quito",
    signingTime: new Date("2026-12-07T15:00:00Z"),
  });

describe("the PDF seal (PAdES, ETSI.CAdES.detached)", () => {
  it("is valid for pdfsig over the whole document, and a changed byte breaks it", async () => {
    const sealed = await sealWith(forgePkcs12());
    const report = pdfsig(sealed);
    expect(report).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Total document signed");
    expect(report).toContain("Signer Certificate Common Name: Colegio de Prueba");

    // One byte changed inside the signed bytes: the header's binary comment, which readers skip.
    const changed = Buffer.from(sealed);
    expect(changed.subarray(0, 10).toString("latin1")).toBe("%PDF-1.7\n%");
    changed[10] = (changed[10]! + 1) % 256;
    const broken = pdfsig(changed);
    expect(broken).not.toContain("Signature is Valid");
    expect(broken).toContain("Digest Mismatch");
  });

  it("verifies with OpenSSL's CMS over the ByteRange and carries signing-certificate-v2, no signing-time", async () => {
    const sealed = await sealWith(opensslPkcs12());
    const check = opensslCmsVerify(sealed);
    expect(check.output).toContain("Verification successful");
    expect(check.ok).toBe(true);
    expect(check.attributes).toContain("id-smime-aa-signingCertificateV2");
    expect(check.attributes).toContain("messageDigest");
    expect(check.attributes).not.toContain("signingTime");
    expect(pdfsig(sealed)).toContain("Signature is Valid.");
  });

  it("runs in a drawing thread, as the final PDF is sealed", async () => {
    try {
      const sealed = await sealInWorker({
        pdf: await drawnPdf(),
        pkcs12: forgePkcs12(),
        password: "secret",
        reason: "Documento firmado en línea",
        name: "Colegio de Prueba",
        location: "Quito",
        signingTime: new Date(),
      });
      expect(pdfsig(sealed)).toContain("Signature is Valid.");
    } finally {
      await closePdfPool();
    }
  });

  it("seals with an EC key too", async () => {
    const sealed = await sealWith(opensslPkcs12({ keyType: "ec" }));
    expect(pdfsig(sealed)).toContain("Signature is Valid.");
    expect(opensslCmsVerify(sealed).ok).toBe(true);
  });
});

describe("opening a PKCS#12", () => {
  const problem = (bytes: Uint8Array, password: string) => {
    try {
      openPkcs12(bytes, password);
      return "opened";
    } catch (error) {
      return error instanceof Pkcs12Error ? error.problem : String(error);
    }
  };

  it("names what is wrong: not a PKCS#12, the password, no key", async () => {
    expect(problem(Buffer.from("%PDF-1.7 not a certificate"), "secret")).toBe("notPkcs12");
    expect(problem(await drawnPdf(), "secret")).toBe("notPkcs12");
    expect(problem(forgePkcs12(), "wrong")).toBe("wrongPassword");
    expect(problem(opensslPkcs12(), "wrong")).toBe("wrongPassword");
    expect(problem(forgePkcs12({ withoutKey: true }), "secret")).toBe("noPrivateKey");
    expect(problem(forgePkcs12({ password: "" }), "")).toBe("opened");
  });

  it("reads the subject, issuer and validity", () => {
    const { certificate } = openPkcs12(forgePkcs12({ commonName: "Unidad Educativa" }), "secret");
    expect(certificate.subject).toContain("CN=Unidad Educativa");
  });
});
