import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMedicalRequest, insertOwnYear, medicalBody } from "./support/medical-records.ts";
import { flat, readPdfText } from "./support/pdf-text.ts";
import {
  createTestApp,
  createUser,
  downloadLikeABrowser,
  errorOf,
  signedInAs,
  type TestApp,
} from "./support/test-app.ts";

let t: TestApp;
let yearId: number;
let secretaria: Awaited<ReturnType<typeof signedInAs>>;
let code: string;
const PEANUT = "Cacahuete-4410";

beforeAll(async () => {
  t = await createTestApp();
  yearId = await insertOwnYear(t);
  secretaria = await signedInAs(t, "Secretaria", { language: "en" });
  const familyId = (await createUser(t)).id;
  code = (
    await insertMedicalRequest(t, {
      familyId,
      schoolYearId: yearId,
      level: "CM2",
      names: "Ana Lucía",
      student: { firstName: "Andrade", bloodType: "AB-" },
      medical: await medicalBody({
        allergies: { medications: [], foods: [{ item: PEANUT, reaction: "Anafilaxia" }], insects: [], other: [] },
        takeMedication: true,
        takeMedicationObservation: "Salbutamol",
        authorizeEmergencyActions: false,
      }),
    })
  ).code;
  await insertMedicalRequest(t, {
    familyId,
    schoolYearId: yearId,
    level: "CM2",
    names: "Bruno",
    student: { firstName: "Zambrano" },
  });
});
afterAll(() => t.close());

const pdf = (cookie: string | undefined, query: string) =>
  downloadLikeABrowser(t, { method: "GET", url: `/api/medical-records/pdf?schoolYearId=${yearId}&${query}`, cookie });

describe("GET /api/medical-records/pdf", () => {
  it("prints the level's students in the user's language: title, year, date, one block per student", async () => {
    const response = await pdf(secretaria.cookie, "level=CM2");
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers["content-type"]).toContain("application/pdf");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="medical-records-CM2-MR-\d+\.pdf"$/);
    expect(response.headers["cache-control"]).toBe("no-store");
    const { doc, text } = await readPdfText(response.rawPayload);
    expect(doc.getPageCount()).toBeGreaterThan(0);
    // The level as the catalogue names it in English.
    expect(doc.getTitle()).toBe(`Medical records – CM2 (6.º EGB) – MR-${yearId}`);
    const all = flat(text);
    expect(all).toContain("Medical records – CM2 (6.º EGB)");
    expect(all).toContain(`School year MR-${yearId} · 2 students`);
    expect(all).toMatch(/Generated on \w+ \d{1,2}, \d{4}/);
    expect(all).toContain(`Ana Lucía Andrade Loor · ${code}`);
    expect(all).toContain("Bruno Zambrano Loor");
    expect(all).toContain(`${PEANUT} — reaction: Anafilaxia`);
    expect(all).toContain("Yes: Salbutamol");
    expect(all).toContain("AB-");
    expect(all).toContain("WARNING: emergency measures NOT authorised by the family");
    expect(all).toContain("Rosa Loor (Grandmother)");
  });

  it("is in French for a French-speaking user, and audited as an export without health values", async () => {
    const admin = await signedInAs(t, "Admin", { language: "fr" });
    const before = await t.ctx.db
      .selectFrom("audit_events")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    const response = await pdf(admin.cookie, "level=CM2");
    expect(response.statusCode).toBe(200);
    const all = flat((await readPdfText(response.rawPayload)).text);
    expect(all).toContain("Fiches médicales – CM2");
    expect(all).toContain("Année scolaire");
    const rows = await t.ctx.db
      .selectFrom("audit_events")
      .selectAll()
      .where("id", ">", Number(before?.id ?? 0))
      .where("event", "=", "medicalRecord.exported")
      .where("actor_user_id", "=", admin.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.details ?? "{}")).toMatchObject({
      export: "pdf",
      count: 2,
      filters: { schoolYearId: yearId, level: "CM2", status: ["Accepted", "Validated", "Confirmed", "Finished"] },
    });
    for (const value of [PEANUT, "Salbutamol", "AB-", "Ana Lucía"]) expect(rows[0]!.details).not.toContain(value);
  });

  it("prints an empty level as a PDF that says so", async () => {
    const response = await pdf(secretaria.cookie, "level=TLE");
    expect(response.statusCode).toBe(200);
    const { doc, text } = await readPdfText(response.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(flat(text)).toContain("No student matches these filters.");
  });

  it("needs a level, and refuses unknown filters, naming the field", async () => {
    for (const [query, field] of [
      ["", "level"],
      ["level=XX", "level"],
      ["level=CM2&page=2", "page"],
      ["level=CM2&format=docx", "format"],
    ] as const) {
      const response = await pdf(secretaria.cookie, query);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_ERROR");
      expect(errorOf(response).fields?.[field], `${query}: ${response.body}`).toBeTruthy();
    }
  });
});
