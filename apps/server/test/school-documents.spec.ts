import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Doc, documentsYear } from "./support/school-documents.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/**
 * Settings › Documents (docs/rules/documents.md "The school's own documents"): the list, versions, refusals.
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

describe("Settings › Documents", () => {
  it("gives the current year the portal's texts as version 1 of the five documents, in three languages", async () => {
    const page = await call(t, { method: "GET", url: "/api/settings/documents", cookie: admin.cookie });
    expect(page.statusCode).toBe(200);
    const { documents } = page.json() as { documents: Doc[] };
    expect(documents.map((d) => d.key)).toEqual([
      "contract",
      "termsOfUse",
      "dataUse",
      "exitAuthorization",
      "imageConsent",
    ]);
    for (const doc of documents) {
      expect(doc.inForce?.number).toBe(1);
      expect(doc.draft).toBeNull();
      for (const language of ["es", "en", "fr"]) expect(doc.inForce?.bodies[language]?.length).toBeGreaterThan(50);
    }
    const contract = documents[0]!;
    expect(contract.inForce?.titles.es).toBe("Contrato de prestación de servicios educativos");
    expect(contract.inForce?.bodies.es).toContain("## Comparecientes");
    expect(contract.inForce?.bodies.fr).toContain("{{studentName}}");
  });

  it("is the Admin's alone", async () => {
    const doc = await y.docOf("contract");
    for (const role of ["Secretaria", "Consulta", "Editor", "User"] as const) {
      const other = await signedInAs(t, role);
      const responses = await Promise.all([
        call(t, { method: "GET", url: `/api/settings/documents?schoolYearId=${y.yearId}`, cookie: other.cookie }),
        call(t, {
          method: "PUT",
          url: `/api/settings/documents/${doc.id}/draft`,
          cookie: other.cookie,
          payload: { titles: doc.inForce!.titles, bodies: doc.inForce!.bodies, expectedVersion: doc.version },
        }),
        call(t, {
          method: "POST",
          url: `/api/settings/documents/${doc.id}/publish`,
          cookie: other.cookie,
          payload: { expectedVersion: doc.version },
        }),
        call(t, {
          method: "PUT",
          url: `/api/settings/documents/${doc.id}/rule`,
          cookie: other.cookie,
          payload: { audience: "none", levels: null, expectedVersion: doc.version },
        }),
      ]);
      for (const response of responses) expect(response.statusCode, role).toBe(403);
    }
    expect((await y.docOf("contract")).version).toBe(doc.version);
  });

  it("refuses a field the portal cannot fill, naming it, and a stale or unknown document", async () => {
    const doc = await y.docOf("termsOfUse");
    const bad = await y.saveDraft(doc, {
      es: "Hola {{nombreAlumno}}",
      en: "Hi {{studentName}}",
      fr: "Salut {{ecole}} {{",
    });
    expect(bad.statusCode).toBe(400);
    const error = errorOf(bad);
    expect(error.code).toBe("DOCUMENT_FIELD_UNKNOWN");
    expect(error.message).toContain("{{nombreAlumno}}");
    expect(error.message).toContain("{{ecole}}");
    expect(Object.keys(error.fields ?? {})).toEqual(["bodies.es", "bodies.fr"]);
    const stale = await call(t, {
      method: "PUT",
      url: `/api/settings/documents/${doc.id}/draft`,
      cookie: admin.cookie,
      payload: { titles: doc.inForce!.titles, bodies: doc.inForce!.bodies, expectedVersion: doc.version + 5 },
    });
    expect(stale.statusCode).toBe(409);
    const missing = await call(t, {
      method: "PUT",
      url: "/api/settings/documents/2147483000/draft",
      cookie: admin.cookie,
      payload: { titles: doc.inForce!.titles, bodies: doc.inForce!.bodies, expectedVersion: 1 },
    });
    expect(missing.statusCode).toBe(404);
    const noLanguage = await call(t, {
      method: "PUT",
      url: `/api/settings/documents/${doc.id}/draft`,
      cookie: admin.cookie,
      payload: { titles: doc.inForce!.titles, bodies: { es: "x", en: "y" }, expectedVersion: doc.version },
    });
    expect(noLanguage.statusCode).toBe(400);
    expect(errorOf(noLanguage).code).toBe("VALIDATION_ERROR");
    expect((await y.publish(doc)).statusCode).toBe(409);
    expect(errorOf(await y.publish(doc)).code).toBe("DOCUMENT_NO_DRAFT");
  });

  it("refuses to publish a draft with a language left empty", async () => {
    const doc = await y.docOf("dataUse");
    expect((await y.saveDraft(doc, { es: "Texto", en: "Text", fr: "" })).statusCode).toBe(200);
    const refused = await y.publish(await y.docOf("dataUse"));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe("DOCUMENT_TEXT_EMPTY");
    expect(errorOf(refused).message).toContain("fr");
    expect((await y.docOf("dataUse")).inForce?.number).toBe(1);
  });

  it("keeps a published version frozen: editing makes a draft, publishing puts it in force, audited", async () => {
    const doc = await y.docOf("imageConsent");
    const v1 = doc.inForce!;
    const bodies = {
      es: "## Imagen\n\nTexto **propio** de {{studentName}}.",
      en: "Own text of {{studentName}}.",
      fr: "Texte propre de {{studentName}}.",
    };
    const drafted = (await y.saveDraft(doc, bodies)).json() as Doc;
    expect(drafted.draft?.number).toBe(2);
    expect(drafted.inForce?.id).toBe(v1.id);
    const published = (await y.publish(drafted)).json() as Doc;
    expect(published.inForce?.number).toBe(2);
    expect(published.draft).toBeNull();
    expect(published.history.map((v) => v.number)).toEqual([2, 1]);
    // Editing again: a new draft (3); version 2 stays as published.
    const again = (await y.saveDraft(published, { ...bodies, es: "Otro" })).json() as Doc;
    expect(again.draft?.number).toBe(3);
    expect(again.inForce?.bodies.es).toBe(bodies.es);
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["event", "details"])
      .where("actor_user_id", "=", admin.id)
      .where("event", "=", "schoolDocument.published")
      .execute();
    expect(audit.some((row) => String(row.details).includes('"document":"imageConsent"'))).toBe(true);
  });
});
