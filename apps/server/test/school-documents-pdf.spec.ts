import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flat, readPdfText } from "./support/pdf-text.ts";
import { type Doc, documentsYear } from "./support/school-documents.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/**
 * The school's documents in the documents to sign, the checklist, the previews and the terms step
 * (docs/rules/documents.md "The school's own documents").
 * The documents are per school year and every spec file shares the database: everything that
 * changes one is done in a school year of this spec's own (support/school-documents.ts).
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let y: Awaited<ReturnType<typeof documentsYear>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin", { language: "en" });
  y = await documentsYear(t, admin);
});
afterAll(() => t.close());

describe("the documents to sign", () => {
  it("draw the version in force; a request keeps the version its PDF was first drawn with", async () => {
    const before = await y.sentRequest({ name: "Ana Antes Vera" });
    const old = await y.toSignText(before.fileId);
    // The Admin reads in English.
    expect(old).toContain("On the one hand, ");
    expect(old).toContain("Ana Antes Vera");

    const doc = await y.docOf("contract");
    const own = "Contrato propio de la Escuela Los Pinos para {{studentName}}, año {{schoolYear}}.";
    await y.saveDraft(doc, {
      es: `## Partes\n\n${own}`,
      en: "Own contract of the Los Pinos School for {{studentName}}.",
      fr: "Contrat propre pour {{studentName}}.",
    });
    expect((await y.publish(await y.docOf("contract"))).statusCode).toBe(200);

    const after = await y.sentRequest({ name: "Bruno Después Mora" });
    const fresh = await y.toSignText(after.fileId);
    expect(fresh).toContain("Own contract of the Los Pinos School for Bruno Después Mora.");
    expect(fresh).not.toContain("On the one hand, ");

    // The earlier request, drawn again, keeps the text it was given.
    const kept = await y.toSignText(before.fileId, true);
    expect(kept).toContain("On the one hand, ");
    expect(kept).not.toContain("Los Pinos");
    const pins = await t.ctx.db
      .selectFrom("file_document_versions")
      .selectAll()
      .where("file_id", "in", [before.fileId, after.fileId])
      .execute();
    const contract = await y.docOf("contract");
    expect(pins.find((p) => p.file_id === before.fileId && p.document_id === contract.id)?.version_id).toBe(
      contract.history[1]?.id,
    );
    expect(pins.find((p) => p.file_id === after.fileId && p.document_id === contract.id)?.version_id).toBe(
      contract.inForce?.id,
    );
  });

  it("hold the documents the rule asks of the request, and the checklist follows it", async () => {
    const created = await call(t, {
      method: "POST",
      url: "/api/settings/documents",
      cookie: admin.cookie,
      payload: {
        schoolYearId: y.yearId,
        titles: { es: "Reglamento del bus", en: "Bus rules", fr: "Règlement du bus" },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    let bus = created.json() as Doc;
    bus = (
      await y.saveDraft(
        bus,
        { es: "Normas del bus para {{studentName}}.", en: "Bus rules for {{studentName}}.", fr: "Règles du bus." },
        { es: "Reglamento del bus", en: "Bus rules", fr: "Règlement du bus" },
      )
    ).json() as Doc;
    bus = (await y.publish(bus)).json() as Doc;
    const rule = await call(t, {
      method: "PUT",
      url: `/api/settings/documents/${bus.id}/rule`,
      cookie: admin.cookie,
      payload: { audience: "reenrollment", levels: ["CM1", "CM2"], expectedVersion: bus.version },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const newcomer = await y.sentRequest({ isNew: true });
    const returning = await y.sentRequest({ isNew: false });
    const other = await y.sentRequest({ isNew: false, level: "TLE" });
    expect(await y.toSignText(newcomer.fileId)).not.toContain("Bus rules for");
    expect(await y.toSignText(returning.fileId)).toContain("Bus rules for Lucía Torres Vega.");
    expect(await y.toSignText(other.fileId)).not.toContain("Bus rules for");

    const image = await y.docOf("imageConsent");
    const imageRule = await call(t, {
      method: "PUT",
      url: `/api/settings/documents/${image.id}/rule`,
      cookie: admin.cookie,
      payload: { audience: "new", levels: null, expectedVersion: image.version },
    });
    expect(imageRule.statusCode).toBe(200);
    const checklist = async (requestId: number) => {
      const response = await call(t, { method: "GET", url: `/api/documents/${requestId}`, cookie: admin.cookie });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().handIn as { item: string }[]).map((entry) => entry.item);
    };
    expect(await checklist(newcomer.requestId)).toEqual(["contract", "imageConsent"]);
    // The school's own document is in the checklist of the requests its rule asks it of.
    expect(await checklist(returning.requestId)).toEqual(["contract", bus.key]);
    expect(await checklist(other.requestId)).toEqual(["contract"]);
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "schoolDocument.ruleChanged")
      .where("actor_user_id", "=", admin.id)
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it("previews a text filled with a request's data, and the PDF with the draft in place", async () => {
    const request = await y.sentRequest({ name: "Carla Vista Previa" });
    const fees = await call(t, {
      method: "PUT",
      url: `/api/settings/document-fees/${y.yearId}`,
      cookie: admin.cookie,
      payload: {
        texts: { es: "Matrícula: 450 USD.", en: "Enrolment: 450 USD.", fr: "Inscription : 450 USD." },
        expectedVersion: 0,
      },
    });
    expect(fees.statusCode, fees.body).toBe(200);
    const doc = await y.docOf("exitAuthorization");
    const preview = await call(t, {
      method: "POST",
      url: `/api/settings/documents/${doc.id}/preview`,
      cookie: admin.cookie,
      payload: {
        language: "fr",
        title: "Sortie",
        body: "Élève : **{{studentName}}**\n\n{{fees}}\n\n- {{representative2Name}}",
        requestCode: request.code.toLowerCase(),
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const blocks = preview.json().blocks as { type: string; spans: { text: string; bold: boolean }[] }[];
    expect(blocks[0]?.spans).toEqual([
      { text: "Élève : ", bold: false, italic: false },
      { text: "Carla Vista Previa", bold: true, italic: false },
    ]);
    expect(blocks[1]?.spans[0]?.text).toBe("Inscription : 450 USD.");
    // No second representative: the list item that names only them is left out.
    expect(blocks).toHaveLength(2);
    const unknown = await call(t, {
      method: "POST",
      url: `/api/settings/documents/${doc.id}/preview`,
      cookie: admin.cookie,
      payload: { language: "es", title: "x", body: "x", requestCode: "NOPE-1" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe("DOCUMENT_PREVIEW_REQUEST_NOT_FOUND");

    await y.saveDraft(doc, {
      es: "Salida autorizada de {{studentName}} (borrador).",
      en: "Exit of {{studentName}} (draft).",
      fr: "Sortie.",
    });
    const pdf = await call(t, {
      method: "GET",
      url: `/api/settings/documents/${doc.id}/preview.pdf?language=es&requestCode=${request.code}`,
      cookie: admin.cookie,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(flat((await readPdfText(pdf.rawPayload)).text)).toContain(
      "Salida autorizada de Carla Vista Previa (borrador).",
    );
    // The preview pinned nothing new and the request's own PDF still has the version in force.
    expect(await y.toSignText(request.fileId)).not.toContain("(draft)");
  });

  it("gives the family the terms step's texts, filled, and no other family", async () => {
    const request = await y.sentRequest({ name: "Diego Términos Paz" });
    const own = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${request.fileId}/terms-texts`,
      cookie: request.family.cookie,
    });
    expect(own.statusCode, own.body).toBe(200);
    const items = own.json().items as { key: string; title: string; blocks: unknown[] }[];
    expect(items.map((i) => i.key)).toEqual(["termsOfUse", "dataUseAgreement"]);
    expect(JSON.stringify(items)).not.toMatch(/\{\{|\}\}/);
    const stranger = await signedInAs(t, "User");
    const refused = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${request.fileId}/terms-texts`,
      cookie: stranger.cookie,
    });
    expect([403, 404]).toContain(refused.statusCode);
  });
});
