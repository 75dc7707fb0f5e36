import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox, sealedKeyId } from "../src/lib/secret-box.ts";
import { openCertificate, resealCertificate, sealCertificate } from "../src/modules/school-seal/certificate-store.ts";
import { daysFromNow, forgePkcs12, opensslPkcs12 } from "./support/certificates.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { uploadCertificate } from "./support/school-certificate.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

// The certificate is school-wide (it seals every final PDF): a database of its own, so no other
// spec file's signed PDFs are sealed by these uploads.
let own: OwnDatabase;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  own = await createOwnDatabase("school-certificate");
  t = await createTestApp(own.env);
  admin = await signedInAs(t, "Admin", { language: "en" });
});
afterAll(async () => {
  await t?.close();
  await own?.drop();
});

const URL = "/api/settings/school-certificate";
const read = (cookie = admin.cookie) => call(t, { method: "GET", url: URL, cookie });

async function audits(event: string) {
  const rows = await t.ctx.db
    .selectFrom("audit_events")
    .select(["actor_user_id", "details"])
    .where("event", "=", event)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ actor: row.actor_user_id, details: JSON.parse(row.details ?? "{}") }));
}

describe("Settings › Documents: the school's certificate", () => {
  it("has none at first", async () => {
    const response = await read();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ certificate: null });
  });

  it("refuses each bad upload with its reason, in the Admin's language, and keeps nothing", async () => {
    const refusal = async (content: Buffer, password: string | undefined) => {
      const response = await uploadCertificate(t, admin.cookie, content, password);
      return { status: response.statusCode, ...errorOf(response) };
    };
    expect(await refusal(Buffer.from("%PDF-1.7\nnot a certificate"), "secret")).toMatchObject({
      status: 400,
      code: "CERTIFICATE_NOT_PKCS12",
      message: "The file is not a PKCS#12 certificate (.p12 or .pfx)",
    });
    expect(await refusal(forgePkcs12(), "not the password")).toMatchObject({
      status: 400,
      code: "CERTIFICATE_WRONG_PASSWORD",
      message: "The password does not open this certificate",
    });
    expect(await refusal(forgePkcs12(), undefined)).toMatchObject({
      status: 400,
      code: "CERTIFICATE_PASSWORD_MISSING",
    });
    expect(await refusal(forgePkcs12({ withoutKey: true }), "secret")).toMatchObject({
      status: 400,
      code: "CERTIFICATE_NO_KEY",
    });
    const expired = await refusal(
      forgePkcs12({ notBefore: new Date("2024-01-01T00:00:00Z"), notAfter: new Date("2025-06-30T00:00:00Z") }),
      "secret",
    );
    expect(expired).toMatchObject({ status: 400, code: "CERTIFICATE_EXPIRED" });
    expect(expired.message).toBe("This certificate expired on 2025-06-30");
    const early = await refusal(forgePkcs12({ notBefore: daysFromNow(10), notAfter: daysFromNow(400) }), "secret");
    expect(early).toMatchObject({ status: 400, code: "CERTIFICATE_NOT_YET_VALID" });
    expect(await refusal(Buffer.alloc(100 * 1024 + 1, 0x30), "secret")).toMatchObject({
      status: 413,
      code: "UPLOAD_TOO_LARGE",
    });
    // Not multipart, or no file part.
    const json = await call(t, { method: "PUT", url: URL, cookie: admin.cookie, payload: { password: "x" } });
    expect(json.statusCode).toBe(415);
    expect((await read()).json()).toEqual({ certificate: null });
    expect(await audits("schoolCertificate.uploaded")).toEqual([]);
  });

  it("keeps a valid one sealed, shows its subject, issuer and validity, and replaces it with the next", async () => {
    const first = await uploadCertificate(t, admin.cookie, forgePkcs12({ commonName: "Colegio Primero" }), "secret");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().certificate).toMatchObject({
      subject: "CN=Colegio Primero, O=Colegio de Prueba, C=EC",
      issuer: "CN=Colegio Primero, O=Colegio de Prueba, C=EC",
      serial: "0A1B2C3D4E",
      uploadedBy: expect.any(String),
    });
    expect(first.json().certificate.validTo > new Date().toISOString()).toBe(true);

    // OpenSSL 3's own PKCS#12 (AES-256, SHA-256 MAC) replaces it: one certificate at a time.
    const p12 = opensslPkcs12({ commonName: "Colegio Segundo", password: "otra clave" });
    const second = await uploadCertificate(t, admin.cookie, p12, "otra clave");
    expect(second.statusCode, second.body).toBe(200);
    expect((await read()).json().certificate.subject).toBe("CN=Colegio Segundo, O=Colegio OpenSSL, C=EC");
    const rows = await t.ctx.db.selectFrom("school_certificates").selectAll().execute();
    expect(rows).toHaveLength(1);
    // Neither the file nor the password is stored in clear; both open with the data key.
    expect(rows[0]!.pkcs12_sealed.startsWith("enc1:")).toBe(true);
    expect(rows[0]!.password_sealed).not.toContain("otra clave");
    expect(openCertificate(t.ctx.secrets, rows[0]!)).toEqual({ pkcs12: p12, password: "otra clave" });
    expect((await audits("schoolCertificate.uploaded")).map((a) => a.details.subject)).toEqual([
      "CN=Colegio Primero, O=Colegio de Prueba, C=EC",
      "CN=Colegio Segundo, O=Colegio OpenSSL, C=EC",
    ]);
  });

  it("is the Admin's alone: Secretaria, Consulta, Editor and families are refused, a visitor asked to sign in", async () => {
    for (const role of ["Secretaria", "Consulta", "Editor", "User"] as const) {
      const other = await signedInAs(t, role);
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        const response =
          method === "PUT"
            ? await uploadCertificate(t, other.cookie, forgePkcs12(), "secret")
            : await call(t, { method, url: URL, cookie: other.cookie });
        expect(response.statusCode, `${role} ${method}`).toBe(403);
      }
    }
    expect((await call(t, { method: "GET", url: URL })).statusCode).toBe(401);
    expect((await read()).json().certificate.subject).toBe("CN=Colegio Segundo, O=Colegio OpenSSL, C=EC");
  });

  it("removes it, audited; removing none changes nothing", async () => {
    const removed = await call(t, { method: "DELETE", url: URL, cookie: admin.cookie });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ certificate: null });
    expect((await read()).json()).toEqual({ certificate: null });
    expect(await call(t, { method: "DELETE", url: URL, cookie: admin.cookie })).toMatchObject({ statusCode: 200 });
    expect((await audits("schoolCertificate.removed")).map((a) => a.details)).toEqual([
      { subject: "CN=Colegio Segundo, O=Colegio OpenSSL, C=EC", serial: expect.any(String) },
    ]);
  });

  it("is sealed again under a new data key by the rotation (npm run secrets:rotate), then opens with it alone", async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const p12 = forgePkcs12();
    await uploadCertificate(t, admin.cookie, p12, "secret");
    // As if the row had been written under the old key.
    await t.ctx.db
      .updateTable("school_certificates")
      .set(sealCertificate(createSecretBox(oldKey), p12, "secret"))
      .execute();
    const rotation = createSecretBox(newKey, oldKey);
    expect(await resealCertificate(t.ctx.db, rotation)).toBe(1);
    expect(await resealCertificate(t.ctx.db, rotation)).toBe(0);
    const row = await t.ctx.db.selectFrom("school_certificates").selectAll().executeTakeFirstOrThrow();
    expect(sealedKeyId(row.pkcs12_sealed)).toBe(rotation.currentKeyId);
    expect(openCertificate(createSecretBox(newKey), row)).toEqual({ pkcs12: p12, password: "secret" });
  });
});
