import { DEFAULT_YEAR_CONSTANTS } from "@portal/shared/rules/year-settings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "./support/documents.ts";
import { completeFile, jpegPhoto, startFile } from "./support/enrollment.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { flat, readPdfText } from "./support/pdf-text.ts";
import { waitForMail } from "./support/smtp.ts";
import { call, createTestApp, currentSchoolYearId, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

// Identity and the current year's constants are school-wide: a database of its own, so the other
// spec files (which read "10 %" and the school's name) never see these changes.
let own: OwnDatabase;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let yearId: number;
beforeAll(async () => {
  own = await createOwnDatabase("general-settings");
  t = await createTestApp({ ...own.env, SCHOOL_NAME: "Colegio del Entorno", BRAND_PRIMARY_COLOR: "#3b9ae1" });
  admin = await signedInAs(t, "Admin", { language: "en" });
  yearId = await currentSchoolYearId(t);
});
afterAll(async () => {
  await t?.close();
  await own?.drop();
});

const page = (cookie = admin.cookie, query = "") =>
  call(t, { method: "GET", url: `/api/settings/general/page${query}`, cookie });
const put = (url: string, payload: unknown, cookie = admin.cookie) =>
  call(t, { method: "PUT", url: `/api/settings/general/${url}`, cookie, payload: payload as object });
const constantsUrl = () => `years/${yearId}/constants`;
const noticesUrl = () => `years/${yearId}/notices`;

async function lastAudit() {
  const row = await t.ctx.db
    .selectFrom("audit_events")
    .select(["event", "actor_user_id", "details"])
    .where("event", "=", "settings.changed")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return { ...row, details: JSON.parse(row.details ?? "{}") };
}

async function constants(overrides: Record<string, unknown>) {
  const current = (await page()).json().constants;
  const saved = await put(constantsUrl(), { ...current, ...overrides });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

const emptyNotices = { es: "", en: "", fr: "" };

describe("Settings › General", () => {
  it("reads the defaults: the environment's identity, the code's constants, no notices, version 0", async () => {
    const response = await page();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.identity).toEqual({
      schoolName: "Colegio del Entorno",
      primaryColor: "#3b9ae1",
      customLogo: false,
      logoUrl: "/branding/logo",
      version: 0,
      defaults: { schoolName: "Colegio del Entorno", primaryColor: "#3b9ae1" },
    });
    expect(body.schoolYear).toMatchObject({ id: yearId, isCurrent: true });
    expect(body.constants).toEqual({ ...DEFAULT_YEAR_CONSTANTS, version: 0 });
    expect(body.notices).toEqual({ print: emptyNotices, discount: emptyNotices, contract: emptyNotices, version: 0 });
    expect(body.maintenanceMode).toBe(false);
  });

  it("changes the identity at once for the public config, audited with before and after", async () => {
    const saved = await put("identity", { schoolName: "  Liceo Nuevo  ", primaryColor: "#1C6BB0", version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().identity).toMatchObject({ schoolName: "Liceo Nuevo", primaryColor: "#1c6bb0", version: 1 });
    const config = (await call(t, { method: "GET", url: "/api/public/config" })).json();
    expect(config.branding).toMatchObject({ schoolName: "Liceo Nuevo", primaryColor: "#1c6bb0" });
    const audit = await lastAudit();
    expect(audit.actor_user_id).toBe(admin.id);
    expect(audit.details).toEqual({
      section: "identity",
      version: 1,
      changes: [
        { field: "schoolName", before: "Colegio del Entorno", after: "Liceo Nuevo" },
        { field: "primaryColor", before: "#3b9ae1", after: "#1c6bb0" },
      ],
    });
    // The audit log page shows the section and the values before and after.
    const log = await call(t, {
      method: "GET",
      url: "/api/audit-events?event=settings.changed",
      cookie: admin.cookie,
    });
    expect(log.statusCode).toBe(200);
    expect(log.json().items[0]).toMatchObject({
      info: { section: "identity", version: "1" },
      changes: [
        { field: "schoolName", before: "Colegio del Entorno", after: "Liceo Nuevo", hidden: false },
        { field: "primaryColor", before: "#3b9ae1", after: "#1c6bb0", hidden: false },
      ],
    });
  });

  it("refuses a primary colour that fails WCAG AA with white, but keeps the environment's own", async () => {
    const version = (await page()).json().identity.version;
    for (const primaryColor of ["#ffff00", "#3b9ae2", "#ffffff"]) {
      const refused = await put("identity", { schoolName: "Liceo Nuevo", primaryColor, version });
      expect(refused.statusCode, primaryColor).toBe(400);
      expect(errorOf(refused).code).toBe("PRIMARY_COLOR_CONTRAST");
      expect(errorOf(refused).message).toContain("4.5:1");
    }
    expect((await page()).json().identity.version).toBe(version);
    const back = await put("identity", { schoolName: "Liceo Nuevo", primaryColor: "#3b9ae1", version });
    expect(back.statusCode).toBe(200);
  });

  it("answers 409 to a save made on stale data, and changes nothing", async () => {
    const read = (await page()).json().identity;
    expect(
      (await put("identity", { schoolName: "First", primaryColor: "#1c6bb0", version: read.version })).statusCode,
    ).toBe(200);
    const second = await put("identity", { schoolName: "Second", primaryColor: "#1c6bb0", version: read.version });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toEqual({
      code: "SETTINGS_VERSION_CONFLICT",
      message:
        "Another administrator changed these settings in the meantime: they have been reloaded; make your change again",
    });
    expect((await page()).json().identity.schoolName).toBe("First");
    // A second first save of a section never saved before is a conflict too.
    const fresh = (await page()).json().constants;
    expect((await put(constantsUrl(), { ...fresh, discountPercent: 12 })).statusCode).toBe(200);
    expect((await put(constantsUrl(), { ...fresh, discountPercent: 13 })).statusCode).toBe(409);
    expect((await page()).json().constants.discountPercent).toBe(12);
  });

  it("validates the constants: ranges, HH:MM times and a midday break that ends after it starts", async () => {
    const current = (await page()).json().constants;
    const cases: [Record<string, unknown>, string][] = [
      [{ discountPercent: 101 }, "discountPercent"],
      [{ discountPercent: -1 }, "discountPercent"],
      [{ discountPercent: 2.5 }, "discountPercent"],
      [{ discountChildren: 1 }, "discountChildren"],
      [{ contractSigningHours: 0 }, "contractSigningHours"],
      [{ contractSigningHours: 73 }, "contractSigningHours"],
      [{ schoolDayExit: "25:00" }, "schoolDayExit"],
      [{ schoolDayExit: "4pm" }, "schoolDayExit"],
      [{ middayBreakFrom: "12:45", middayBreakTo: "11:45" }, "middayBreakTo"],
      [{ discountPercent: "10" }, "discountPercent"],
    ];
    for (const [change, field] of cases) {
      const refused = await put(constantsUrl(), { ...current, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(errorOf(refused).fields ?? {}), JSON.stringify(change)).toContain(field);
    }
    expect((await put(constantsUrl(), { ...current, extra: 1 })).statusCode).toBe(400);
    expect((await put("years/999999/constants", current)).statusCode).toBe(404);
    expect((await put("years/abc/constants", current)).statusCode).toBe(400);
    expect((await page()).json().constants).toEqual(current);
  });

  it("saves the notices per language, empty meaning the built-in text, audited", async () => {
    const version = (await page()).json().notices.version;
    const saved = await put(noticesUrl(), {
      print: { es: "Imprima a una cara.", en: "", fr: "" },
      discount: emptyNotices,
      contract: { es: "", en: "Sign within the day.", fr: "" },
      version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().notices).toMatchObject({ print: { es: "Imprima a una cara.", en: "" }, version: version + 1 });
    expect((await lastAudit()).details).toMatchObject({
      section: "notices",
      schoolYearId: yearId,
      changes: [
        { field: "print.es", before: "", after: "Imprima a una cara." },
        { field: "contract.en", before: "", after: "Sign within the day." },
      ],
    });
    const tooLong = await put(noticesUrl(), {
      print: { es: "x".repeat(501), en: "", fr: "" },
      discount: emptyNotices,
      contract: emptyNotices,
      version: version + 1,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).fields).toHaveProperty(["print.es"]);
    // The family reads them for its year.
    const family = await signedInAs(t, "User", { language: "es" });
    const year = await call(t, { method: "GET", url: "/api/enrollment/year-settings", cookie: family.cookie });
    expect(year.statusCode).toBe(200);
    expect(year.json().notices.print.es).toBe("Imprima a una cara.");
  });

  it("takes a logo checked by content and re-encoded, serves it publicly, and goes back to the default", async () => {
    const html = Buffer.from("<!doctype html><html><script>alert(1)</script></html>");
    const fake = await call(t, {
      method: "POST",
      url: "/api/settings/general/logo",
      cookie: admin.cookie,
      ...multipart(html, "logo.png", "image/png"),
    });
    expect(fake.statusCode).toBe(400);
    expect(errorOf(fake).code).toBe("LOGO_NOT_IMAGE");

    const json = await call(t, {
      method: "POST",
      url: "/api/settings/general/logo",
      cookie: admin.cookie,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(415);
    const otherPart = multipart(await jpegPhoto(), "logo.jpg", "image/jpeg");
    const wrongName = await call(t, {
      method: "POST",
      url: "/api/settings/general/logo",
      cookie: admin.cookie,
      headers: otherPart.headers,
      payload: Buffer.from(otherPart.payload.toString("latin1").replace('name="file"', 'name="logo"'), "latin1"),
    });
    expect(wrongName.statusCode).toBe(400);
    expect(errorOf(wrongName).code).toBe("UPLOAD_MISSING");

    const big = Buffer.concat([await jpegPhoto(), Buffer.alloc(1024 * 1024)]);
    const tooLarge = await call(t, {
      method: "POST",
      url: "/api/settings/general/logo",
      cookie: admin.cookie,
      ...multipart(big, "logo.jpg", "image/jpeg"),
    });
    expect(tooLarge.statusCode).toBe(413);

    const photo = await jpegPhoto({ width: 1200, height: 600, gps: true });
    const uploaded = await call(t, {
      method: "POST",
      url: "/api/settings/general/logo",
      cookie: admin.cookie,
      ...multipart(photo, "logo.jpg", "image/jpeg"),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const identity = (await page()).json().identity;
    expect(identity.customLogo).toBe(true);
    expect(identity.logoUrl).toMatch(/^\/branding\/logo\?v=/);
    const config = (await call(t, { method: "GET", url: "/api/public/config" })).json();
    expect(config.branding.logoUrl).toBe(identity.logoUrl);
    const served = await call(t, { method: "GET", url: identity.logoUrl });
    expect(served.statusCode).toBe(200);
    const { default: sharp } = await import("sharp");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 512, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect((await lastAudit()).details).toEqual({ section: "logo", action: "uploaded" });

    const removed = await call(t, { method: "DELETE", url: "/api/settings/general/logo", cookie: admin.cookie });
    expect(removed.statusCode).toBe(200);
    expect((await page()).json().identity).toMatchObject({ customLogo: false, logoUrl: "/branding/logo" });
    const builtIn = await call(t, { method: "GET", url: "/branding/logo" });
    expect(builtIn.statusCode).toBe(200);
    expect(builtIn.headers["content-type"]).toContain("svg");
  });

  it("is for Admins only", async () => {
    for (const role of ["Secretaria", "Editor", "Consulta", "User"] as const) {
      const other = await signedInAs(t, role);
      expect((await page(other.cookie)).statusCode, role).toBe(403);
      const saved = await put("identity", { schoolName: "X", primaryColor: "#1c6bb0", version: 0 }, other.cookie);
      expect(saved.statusCode, role).toBe(403);
      expect((await put(constantsUrl(), {}, other.cookie)).statusCode, role).toBe(403);
    }
    expect((await page("")).statusCode).toBe(401);
  });

  it("applies the year's constants to the file context, the PDFs and the e-mail", async () => {
    await constants({
      discountPercent: 15,
      discountChildren: 2,
      contractSigningHours: 5,
      schoolDayExit: "15:30",
      middayBreakFrom: "12:00",
      middayBreakTo: "13:15",
    });
    const family = await signedInAs(t, "User", { language: "en" });
    const first = await completeFile(t, family.cookie);
    const context = (cookie: string, fileId: number) =>
      call(t, { method: "GET", url: `/api/enrollment/files/${fileId}/context`, cookie });
    const alone = (await context(family.cookie, first)).json();
    expect(alone).toMatchObject({ familyChildrenThisYear: 1, familyDiscountPercent: 0 });
    expect(alone.yearSettings.constants).toMatchObject({ discountPercent: 15, contractSigningHours: 5 });
    const second = (await startFile(t, family.cookie)).json().id as number;
    expect((await context(family.cookie, second)).json()).toMatchObject({
      familyChildrenThisYear: 2,
      familyDiscountPercent: 15,
    });

    const mailsBefore = t.mails.length;
    const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${first}/send`, cookie: family.cookie });
    expect(sent.statusCode, sent.body).toBe(200);
    const pdf = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${first}/documents/to-sign`,
      cookie: family.cookie,
    });
    expect(pdf.statusCode).toBe(200);
    const text = flat((await readPdfText(pdf.rawPayload)).text);
    expect(text).toContain("within 5 hours");
    expect(text).toContain("Families with 2 children");
    expect(text).toContain("15% discount");
    expect(text).toContain("The school day ends at 15:30");
    expect(text).toContain("First"); // the school's name as the Admin set it
    const summary = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${first}/documents/summary`,
      cookie: family.cookie,
    });
    expect(flat((await readPdfText(summary.rawPayload)).text)).toContain("15:30");

    const mail = await waitForMail(t.mails, family.email, mailsBefore, 15_000);
    expect(mail.decoded).toContain("within 5 hours");
  });
});
