import { randomUUID } from "node:crypto";
import type { CatalogAdminItem, CatalogAdminView } from "@portal/shared/schemas/catalog-admin";
import type { CatalogItem } from "@portal/shared/schemas/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../src/db/database.ts";
import { studentFileBody } from "./support/documents.ts";
import { startFile, uploadPdf } from "./support/enrollment.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";
import { insertSentRequest } from "./support/workflow.ts";

/*
 * Settings › Catalogues. The specs share one database: each test adds entries of its
 * own (labels with a random tag) and puts back any seeded order it changes.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
const family: Record<"es" | "en" | "fr", string> = { es: "", en: "", fr: "" };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin", { language: "en" });
  for (const language of ["es", "en", "fr"] as const) {
    family[language] = (await signedInAs(t, "User", { language })).cookie;
  }
});
afterAll(() => t.close());

const tag = () => randomUUID().slice(0, 8);
const labels = (word: string) => ({ es: `${word} es`, en: `${word} en`, fr: `${word} fr` });

async function view(name: string): Promise<CatalogAdminView> {
  const response = await call(t, { method: "GET", url: `/api/catalogs/${name}/items`, cookie: admin.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function familyCatalog(name: string, language: "es" | "en" | "fr" = "es"): Promise<CatalogItem[]> {
  const response = await call(t, { method: "GET", url: `/api/catalogs/${name}`, cookie: family[language] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const add = (name: string, payload: unknown, cookie = admin.cookie) =>
  call(t, { method: "POST", url: `/api/catalogs/${name}/items`, cookie, payload: payload as object });

async function added(name: string, word = `Zz${tag()}`, code?: string): Promise<CatalogAdminItem> {
  const response = await add(name, { labels: labels(word), ...(code ? { code } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const rename = (name: string, item: { id: number }, payload: unknown, cookie = admin.cookie) =>
  call(t, { method: "PUT", url: `/api/catalogs/${name}/items/${item.id}`, cookie, payload: payload as object });
const setState = (name: string, item: { id: number }, payload: unknown, cookie = admin.cookie) =>
  call(t, { method: "PUT", url: `/api/catalogs/${name}/items/${item.id}/state`, cookie, payload: payload as object });
const reorder = (name: string, payload: unknown, cookie = admin.cookie) =>
  call(t, { method: "PUT", url: `/api/catalogs/${name}/order`, cookie, payload: payload as object });
const remove = (name: string, item: { id: number }, cookie = admin.cookie) =>
  call(t, { method: "DELETE", url: `/api/catalogs/${name}/items/${item.id}`, cookie });

async function auditDetails(event: string, code: string): Promise<Record<string, unknown>[]> {
  const rows = await t.ctx.db
    .selectFrom("audit_events")
    .select(["details", "actor_user_id"])
    .where("event", "=", event)
    .where("actor_user_id", "=", admin.id)
    .execute();
  return rows
    .map((row) => JSON.parse(row.details ?? "{}") as Record<string, unknown>)
    .filter((details) => details.code === code);
}

describe("adding an entry", () => {
  it("adds it before Other, with a code made from the Spanish label, seen by the forms in 3 languages, audited", async () => {
    const word = `Padrino ${tag()}`;
    const response = await add("relationships", {
      labels: { es: `${word}`, en: `Godfather ${word}`, fr: `Parrain ${word}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    const item: CatalogAdminItem = response.json();
    expect(item.code).toBe(word.toUpperCase().replace(/ /g, "_"));
    expect(item).toMatchObject({ disabled: false, protected: false, version: 1 });
    const all = await view("relationships");
    expect(all.editing).toBe("full");
    // The catch-all "Other" stays last: the new entry is just before it.
    expect(all.items.at(-1)?.code).toBe("OTHER");
    expect(all.items.at(-2)?.id).toBe(item.id);
    expect(all.items.at(-2)?.order).toBe(all.items.length - 1);
    const forms = await familyCatalog("relationships", "fr");
    expect(forms.at(-1)?.label).toBe("Autre");
    expect(forms.at(-2)).toMatchObject({ code: item.code, label: `Parrain ${word}`, disabled: false });
    expect(await auditDetails("catalog.itemCreated", item.code)).toHaveLength(1);
    expect((await remove("relationships", item)).statusCode).toBe(200);
  });

  it("keeps a given code, and refuses a code or a label already used in the list (409, under the field)", async () => {
    const code = `Q${tag().toUpperCase()}`;
    const item = await added("civilStatus", undefined, code);
    expect(item.code).toBe(code);
    const sameCode = await add("civilStatus", { code: code.toLowerCase(), labels: labels(`Other ${tag()}`) });
    expect(sameCode.statusCode).toBe(409);
    expect(errorOf(sameCode)).toMatchObject({ code: "CATALOG_CODE_TAKEN", fields: { code: "" } });
    // Labels are compared per language, ignoring case and outer spaces.
    const sameLabel = await add("civilStatus", {
      labels: { es: `  ${item.labels.es.toUpperCase()} `, en: `x ${tag()}`, fr: `y ${tag()}` },
    });
    expect(sameLabel.statusCode).toBe(409);
    const error = errorOf(sameLabel);
    expect(error).toMatchObject({ code: "CATALOG_LABEL_TAKEN", fields: { "labels.es": "" } });
    expect(error.message).toContain(item.labels.es.toUpperCase());
    const seeded = await add("civilStatus", { labels: { es: `z ${tag()}`, en: "Married", fr: `w ${tag()}` } });
    expect(errorOf(seeded)).toMatchObject({ code: "CATALOG_LABEL_TAKEN", fields: { "labels.en": "" } });
    expect((await remove("civilStatus", item)).statusCode).toBe(200);
  });

  it("refuses a code longer than the list's form field accepts", async () => {
    const response = await add("bloodTypes", { code: "ABCDEF", labels: labels(`Blood ${tag()}`) });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: "CATALOG_CODE_TOO_LONG", fields: { code: "" } });
  });
});

describe("renaming", () => {
  it("changes the labels the forms read at once, in the three languages, and audits before and after", async () => {
    const item = await added("professionalSituations");
    const word = `Renamed${tag()}`;
    const response = await rename("professionalSituations", item, { labels: labels(word), version: item.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ labels: labels(word), version: item.version + 1 });
    for (const language of ["es", "en", "fr"] as const) {
      const entry = (await familyCatalog("professionalSituations", language)).find((e) => e.code === item.code);
      expect(entry?.label).toBe(`${word} ${language}`);
    }
    const [audit] = await auditDetails("catalog.itemRenamed", item.code);
    expect(audit).toMatchObject({
      catalog: "professionalSituations",
      labelsBefore: item.labels,
      labelsAfter: labels(word),
    });
    // The audit log page shows the list, the code and both labels (no personal data in them).
    const log = await call(t, {
      method: "GET",
      url: "/api/audit-events?event=catalog.itemRenamed&pageSize=100",
      cookie: admin.cookie,
    });
    expect(log.statusCode, log.body).toBe(200);
    const shown = (log.json().items as { info: Record<string, string> }[]).find((e) => e.info.code === item.code);
    expect(shown?.info).toMatchObject({
      catalog: "professionalSituations",
      labelsAfter: expect.stringContaining(`en=${word} en`),
    });
    expect((await remove("professionalSituations", item)).statusCode).toBe(200);
  });

  it("answers 409 VERSION_CONFLICT to the second of two Admins who read the same version", async () => {
    const other = await signedInAs(t, "Admin", { language: "es" });
    const item = await added("paymentMethods");
    const first = await rename("paymentMethods", item, { labels: labels(`First ${tag()}`), version: item.version });
    expect(first.statusCode).toBe(200);
    const second = await rename(
      "paymentMethods",
      item,
      { labels: labels(`Second ${tag()}`), version: item.version },
      other.cookie,
    );
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe("VERSION_CONFLICT");
    const state = await setState("paymentMethods", item, { disabled: true, version: item.version }, other.cookie);
    expect(errorOf(state).code).toBe("VERSION_CONFLICT");
    expect((await view("paymentMethods")).items.find((e) => e.id === item.id)?.labels).toEqual(first.json().labels);
    expect((await remove("paymentMethods", item)).statusCode).toBe(200);
  });

  it("renames a level (rename-only list) but refuses to add, move, disable or delete one", async () => {
    const levels = await view("levels");
    expect(levels.editing).toBe("renameOnly");
    const cm1 = levels.items.find((e) => e.code === "CM1") as CatalogAdminItem;
    const renamed = await rename("levels", cm1, {
      labels: { ...cm1.labels, en: `${cm1.labels.en} ` },
      version: cm1.version,
    });
    // Trimmed to the same text: nothing changes, no new version.
    expect(renamed.json()).toMatchObject({ labels: cm1.labels, version: cm1.version });
    expect(errorOf(await add("levels", { labels: labels(`L ${tag()}`) })).code).toBe("CATALOG_RENAME_ONLY");
    expect(errorOf(await setState("levels", cm1, { disabled: true, version: cm1.version })).code).toBe(
      "CATALOG_RENAME_ONLY",
    );
    expect(errorOf(await remove("levels", cm1)).code).toBe("CATALOG_RENAME_ONLY");
    const order = { items: [...levels.items].reverse().map(({ id, version }) => ({ id, version })) };
    expect(errorOf(await reorder("levels", order)).code).toBe("CATALOG_RENAME_ONLY");
    expect((await familyCatalog("levels")).map((e) => e.code).slice(0, 2)).toEqual(["TPS", "PS"]);
  });

  it("keeps the ISO countries and nationalities read-only (409), while showing them", async () => {
    for (const name of ["countries", "nationalities"]) {
      const iso = await view(name);
      expect(iso.editing).toBe("readOnly");
      const ec = iso.items.find((e) => e.code === "EC") as CatalogAdminItem;
      const response = await rename(name, ec, { labels: labels("Ecuador"), version: ec.version });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe("CATALOG_READ_ONLY");
      expect(errorOf(await add(name, { labels: labels(`C ${tag()}`) })).code).toBe("CATALOG_READ_ONLY");
      expect(errorOf(await remove(name, ec)).code).toBe("CATALOG_READ_ONLY");
    }
  });
});

describe("organizing a list (reorder)", () => {
  it("saves the whole new order at once, audits it, and refuses a stale or incomplete one", async () => {
    const before = await view("socioProfessionalCategories");
    const reversed = { items: [...before.items].reverse().map(({ id, version }) => ({ id, version })) };
    const response = await reorder("socioProfessionalCategories", reversed);
    expect(response.statusCode, response.body).toBe(200);
    const after: CatalogAdminView = response.json();
    expect(after.items.map((e) => e.code)).toEqual([...before.items].reverse().map((e) => e.code));
    expect((await familyCatalog("socioProfessionalCategories")).map((e) => e.code)).toEqual(
      after.items.map((e) => e.code),
    );
    // The versions read before the move are stale now.
    expect(errorOf(await reorder("socioProfessionalCategories", reversed)).code).toBe("VERSION_CONFLICT");
    const missing = { items: after.items.slice(1).map(({ id, version }) => ({ id, version })) };
    expect(errorOf(await reorder("socioProfessionalCategories", missing)).code).toBe("VERSION_CONFLICT");
    const twice = { items: after.items.map(({ version }) => ({ id: after.items[0]?.id, version })) };
    expect(errorOf(await reorder("socioProfessionalCategories", twice)).code).toBe("CATALOG_ORDER_INVALID");
    // Back to the seeded order.
    const restore = { items: [...after.items].reverse().map(({ id, version }) => ({ id, version })) };
    expect((await reorder("socioProfessionalCategories", restore)).statusCode).toBe(200);
    expect((await view("socioProfessionalCategories")).items.map((e) => e.code)).toEqual(
      before.items.map((e) => e.code),
    );
    const audits = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "catalog.itemReordered")
      .where("actor_user_id", "=", admin.id)
      .execute();
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });
});

describe("disabling", () => {
  it("flags the entry for the forms (not offered, still labelled), audits, and enables it back", async () => {
    const item = await added("bloodTypes", `B${tag()}`, `Z${tag().slice(0, 3)}`);
    const disabled = await setState("bloodTypes", item, { disabled: true, version: item.version });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true, version: item.version + 1 });
    const entry = (await familyCatalog("bloodTypes", "en")).find((e) => e.code === item.code);
    expect(entry).toMatchObject({ disabled: true, label: item.labels.en });
    expect(await auditDetails("catalog.itemDisabled", item.code)).toHaveLength(1);
    const enabled = await setState("bloodTypes", item, { disabled: false, version: item.version + 1 });
    expect(enabled.json()).toMatchObject({ disabled: false });
    expect((await familyCatalog("bloodTypes")).find((e) => e.code === item.code)?.disabled).toBe(false);
    expect(await auditDetails("catalog.itemEnabled", item.code)).toHaveLength(1);
    expect((await remove("bloodTypes", item)).statusCode).toBe(200);
  });

  it("refuses a disabled or unknown entry as a new choice in a step save, but keeps a disabled one the step held", async () => {
    const item = await added("bloodTypes", `Bt${tag()}`, `Y${tag().slice(0, 4)}`);
    const { cookie } = await signedInAs(t, "User");
    const fileId = (await startFile(t, cookie)).json().id as number;
    const uploadId = (await uploadPdf(t, cookie, fileId)).json().id as number;
    const save = (body: Record<string, unknown>) =>
      call(t, { method: "PUT", url: `/api/enrollment/files/${fileId}/steps/studentFile`, cookie, payload: body });
    const withBlood = studentFileBody(uploadId, { bloodType: item.code });
    expect((await save(withBlood)).statusCode).toBe(200);
    expect((await setState("bloodTypes", item, { disabled: true, version: item.version })).statusCode).toBe(200);
    // Saved again with the value it holds: accepted.
    const again = await save({ ...withBlood, names: "Ana María" });
    expect(again.statusCode, again.body).toBe(200);
    // Dropped, then chosen anew: refused under the field.
    expect((await save(studentFileBody(uploadId))).statusCode).toBe(200);
    const chosen = await save(withBlood);
    expect(chosen.statusCode).toBe(400);
    expect(errorOf(chosen)).toMatchObject({ code: "VALIDATION_ERROR", fields: { bloodType: expect.any(String) } });
    // The same for a list inside the step (an emergency contact's relationship).
    const relation = await added("relationships");
    expect((await setState("relationships", relation, { disabled: true, version: relation.version })).statusCode).toBe(
      200,
    );
    const contact = { name: "Rosa Loor", relationship: relation.code, phone: "+593 99 111 2222" };
    const nested = await save(studentFileBody(uploadId, { emergencyContacts: [contact] }));
    expect(errorOf(nested).fields).toHaveProperty(["emergencyContacts.0.relationship"]);
    expect((await remove("relationships", relation)).statusCode).toBe(200);
    // A code no list has is no choice either.
    const unknown = await save(studentFileBody(uploadId, { bloodType: `Z${tag().slice(0, 4)}` }));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ code: "VALIDATION_ERROR", fields: { bloodType: expect.any(String) } });
  });

  it("never disables or deletes the entries the forms name by code (relationship OTHER, prefix Sr.)", async () => {
    const other = (await view("relationships")).items.find((e) => e.code === "OTHER") as CatalogAdminItem;
    expect(other.protected).toBe(true);
    expect(errorOf(await setState("relationships", other, { disabled: true, version: other.version })).code).toBe(
      "CATALOG_ENTRY_PROTECTED",
    );
    const sr = (await view("prefixes")).items.find((e) => e.code === "Sr.") as CatalogAdminItem;
    expect(errorOf(await remove("prefixes", sr)).code).toBe("CATALOG_ENTRY_PROTECTED");
  });
});

describe("deleting", () => {
  it("refuses an entry a record holds (even nested in a list of the step, draft or sent), suggesting to disable it", async () => {
    const item = await added("relationships");
    const familyUser = await signedInAs(t, "User");
    const request = await insertSentRequest(t, familyUser.id);
    const now = nowIso();
    // A free text that happens to contain the code does not count…
    await t.ctx.db
      .insertInto("enrollment_steps")
      .values({
        file_id: request.fileId,
        step: "academicHistory",
        data: JSON.stringify({ institutionName: `School ${item.code}` }),
        completed_at: now,
        updated_at: now,
      })
      .execute();
    expect((await view("relationships")).items.some((e) => e.id === item.id)).toBe(true);
    // …an emergency contact's relationship does.
    await t.ctx.db
      .insertInto("enrollment_steps")
      .values({
        file_id: request.fileId,
        step: "studentFile",
        data: JSON.stringify({ emergencyContacts: [{ name: "Ana", relationship: item.code, phone: "0999999999" }] }),
        completed_at: now,
        updated_at: now,
      })
      .execute();
    const response = await remove("relationships", item);
    expect(response.statusCode).toBe(409);
    const error = errorOf(response);
    expect(error.code).toBe("CATALOG_ENTRY_IN_USE");
    expect(error.message).toContain(item.labels.en);
    expect(error.message).toMatch(/disable/i);
    expect((await view("relationships")).items.some((e) => e.id === item.id)).toBe(true);
    // Disabling is the way out: still labelled on the record, no longer offered.
    expect((await setState("relationships", item, { disabled: true, version: item.version })).statusCode).toBe(200);
  });

  it("deletes an unused entry: gone from the forms, audited, and its code may be given again", async () => {
    const code = `D${tag().toUpperCase()}`;
    const item = await added("civilStatus", undefined, code);
    const response = await remove("civilStatus", item);
    expect(response.statusCode, response.body).toBe(200);
    expect((await familyCatalog("civilStatus")).some((e) => e.code === code)).toBe(false);
    expect((await view("civilStatus")).items.some((e) => e.code === code)).toBe(false);
    expect(await auditDetails("catalog.itemDeleted", code)).toHaveLength(1);
    expect(errorOf(await remove("civilStatus", item)).code).toBe("NOT_FOUND");
    const again = await added("civilStatus", `Again ${tag()}`, code);
    expect(again).toMatchObject({ code, disabled: false });
    expect((await remove("civilStatus", again)).statusCode).toBe(200);
  });
});

describe("bad input and access", () => {
  it("answers 400 with field messages for missing labels, a bad code, an unknown field or catalogue", async () => {
    const noFr = await add("civilStatus", { labels: { es: "a", en: "b" } });
    expect(noFr.statusCode).toBe(400);
    expect(errorOf(noFr).fields).toHaveProperty("labels.fr");
    const blank = await add("civilStatus", { labels: { es: "  ", en: "b", fr: "c" } });
    expect(errorOf(blank).fields).toHaveProperty("labels.es");
    const badCode = await add("civilStatus", { code: "no spaces", labels: labels(`x${tag()}`) });
    expect(errorOf(badCode).fields).toHaveProperty("code");
    const extra = await add("civilStatus", { labels: labels(`x${tag()}`), disabled: true });
    expect(extra.statusCode).toBe(400);
    expect(
      (await call(t, { method: "GET", url: "/api/catalogs/planets/items", cookie: admin.cookie })).statusCode,
    ).toBe(400);
    const noVersion = await rename("civilStatus", { id: 1 }, { labels: labels("x") });
    expect(errorOf(noVersion).fields).toHaveProperty("version");
    expect((await reorder("civilStatus", { items: [] })).statusCode).toBe(400);
    expect((await remove("civilStatus", { id: 987654 })).statusCode).toBe(404);
  });

  it("refuses every change to non-Admins (403) and to visitors (401)", async () => {
    const item = await added("prefixes", `P${tag()}`, `P${tag().slice(0, 5)}`);
    for (const role of ["Secretaria", "Consulta", "Editor", "User"] as const) {
      const { cookie } = await signedInAs(t, role);
      expect((await call(t, { method: "GET", url: "/api/catalogs/prefixes/items", cookie })).statusCode).toBe(403);
      expect((await add("prefixes", { labels: labels(`x${tag()}`) }, cookie)).statusCode).toBe(403);
      expect((await rename("prefixes", item, { labels: labels("x"), version: 1 }, cookie)).statusCode).toBe(403);
      expect((await remove("prefixes", item, cookie)).statusCode).toBe(403);
    }
    expect((await call(t, { method: "GET", url: "/api/catalogs/prefixes/items" })).statusCode).toBe(401);
    expect((await remove("prefixes", item)).statusCode).toBe(200);
  });
});
