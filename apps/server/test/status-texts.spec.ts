import { REQUEST_STATUSES } from "@portal/shared/request-status";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { forgetStatusTexts } from "../src/modules/status-texts/status-text-lookup.ts";
import { waitForMail } from "./support/smtp.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";
import { call as callNode, seenWithin, signIn, startTwoProcesses } from "./support/two-processes.ts";
import { insertSentRequest } from "./support/workflow.ts";

/*
 * Settings › Request statuses. The specs share one database: this file edits only
 * `Discontinued` (no other spec reads its words) and puts it back to the default at the end.
 */
const STATUS = "Discontinued";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin", { language: "en" });
});
afterAll(async () => {
  await t.ctx.db.deleteFrom("status_texts").where("status", "=", STATUS).execute();
  await t.close();
});

type Item = Record<string, unknown> & { status: string; version: number };

async function adminItem(status = STATUS): Promise<Item> {
  const response = await call(t, { method: "GET", url: "/api/settings/status-texts", cookie: admin.cookie });
  expect(response.statusCode).toBe(200);
  return (response.json().items as Item[]).find((item) => item.status === status)!;
}

const save = (body: Record<string, unknown>, cookie = admin.cookie, status = STATUS) =>
  call(t, { method: "PUT", url: `/api/settings/status-texts/${status}`, cookie, payload: body });
const reset = (expectedVersion: number, cookie = admin.cookie) =>
  call(t, { method: "POST", url: `/api/settings/status-texts/${STATUS}/reset`, cookie, payload: { expectedVersion } });

const DEFAULTS = {
  labelEs: "Suspendida",
  labelEn: "Discontinued",
  labelFr: "Suspendue",
  explanationEs: "Su solicitud está suspendida. Comuníquese con la secretaría para saber cómo continuar.",
  explanationEn: "Your request is on hold. Contact the school office to find out how to continue.",
  explanationFr: "Votre demande est suspendue. Contactez le secrétariat pour savoir comment poursuivre.",
};
const EDITED = {
  labelEs: "En pausa",
  labelEn: "Paused",
  labelFr: "En pause",
  explanationEs: "Falta el certificado médico: tráigalo a la secretaría.",
  explanationEn: "",
  explanationFr: "Il manque le certificat médical.",
};

async function backToDefault(): Promise<void> {
  const current = await adminItem();
  if (current.customized) expect((await reset(current.version)).statusCode).toBe(200);
}

describe("reading the status texts", () => {
  it("gives the Admin the ten statuses with the portal's words while untouched", async () => {
    await backToDefault();
    const response = await call(t, { method: "GET", url: "/api/settings/status-texts", cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Item[];
    expect(items.map((item) => item.status)).toEqual([...REQUEST_STATUSES]);
    expect(items.find((item) => item.status === "Untreated")).toMatchObject({
      labelEs: "Sin tratar",
      labelEn: "Untreated",
      labelFr: "Non traitée",
    });
    expect(await adminItem()).toMatchObject({ ...DEFAULTS, customized: false });
  });

  it("gives anyone signed in only the words, in the three languages", async () => {
    const family = await signedInAs(t, "User");
    const response = await call(t, { method: "GET", url: "/api/status-texts", cookie: family.cookie });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Record<string, unknown>[];
    expect(items).toHaveLength(10);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(["explanation", "label", "status"]);
    expect(items.find((item) => item.status === "Accepted")).toEqual({
      status: "Accepted",
      label: { es: "Aceptada", en: "Accepted", fr: "Acceptée" },
      explanation: expect.objectContaining({ en: expect.stringContaining("accepted") }),
    });
  });

  it("refuses the signed-out, and the Admin's list to everyone but the Admin", async () => {
    expect((await call(t, { method: "GET", url: "/api/status-texts" })).statusCode).toBe(401);
    for (const role of ["Secretaria", "Consulta", "Editor", "User", "Prueba"] as const) {
      const { cookie } = await signedInAs(t, role);
      const list = await call(t, { method: "GET", url: "/api/settings/status-texts", cookie });
      expect(list.statusCode, role).toBe(403);
      const item = await adminItem();
      const put = await save({ expectedVersion: item.version, ...EDITED }, cookie);
      expect(put.statusCode, role).toBe(403);
      expect((await reset(item.version, cookie)).statusCode, role).toBe(403);
    }
    expect(await adminItem()).toMatchObject({ customized: false });
  });
});

describe("editing a status", () => {
  it("saves, shows the words everywhere at once, audits the change and resets", async () => {
    await backToDefault();
    const before = await adminItem();
    const saved = await save({ expectedVersion: before.version, ...EDITED });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      ...EDITED,
      status: STATUS,
      customized: true,
      version: before.version + 1,
      updatedBy: "Ana Lucía Pérez",
    });

    // The family's welcome card reads the explanation (and the label) from the public list.
    const family = await createUser(t, { language: "es" });
    const familyCookie = (await signedInAs(t, "User")).cookie;
    const texts = await call(t, { method: "GET", url: "/api/status-texts", cookie: familyCookie });
    expect(texts.json().items.find((item: Item) => item.status === STATUS)).toEqual({
      status: STATUS,
      label: { es: "En pausa", en: "Paused", fr: "En pause" },
      explanation: { es: EDITED.explanationEs, en: "", fr: EDITED.explanationFr },
    });

    // The status-change e-mail names the status as the school now does.
    const secretaria = await signedInAs(t, "Secretaria");
    const request = await insertSentRequest(t, family.id);
    const mailsBefore = t.mails.length;
    const acted = await call(t, {
      method: "POST",
      url: `/api/requests/${request.id}/actions`,
      cookie: secretaria.cookie,
      payload: { action: "discontinue", expectedVersion: 1, comment: "Falta un documento." },
    });
    expect(acted.statusCode).toBe(200);
    const mail = await waitForMail(t.mails, family.email, mailsBefore);
    expect(mail.decoded).toContain("En pausa");
    expect(mail.decoded).not.toContain("Suspendida");
    // ... and gives the explanation as the school wrote it, as the page promises.
    expect(mail.decoded).toContain(EDITED.explanationEs);
    expect(mail.decoded).not.toContain(DEFAULTS.explanationEs);

    // A refused action's message names it the same way.
    const refused = await call(t, {
      method: "POST",
      url: `/api/requests/${request.id}/actions`,
      cookie: secretaria.cookie,
      payload: { action: "validate", expectedVersion: 2 },
      headers: { "accept-language": "es" },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain("«En pausa»");

    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .selectAll()
      .where("event", "=", "statusText.updated")
      .where("actor_user_id", "=", admin.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? "{}")).toEqual({
      status: STATUS,
      changes: Object.entries(EDITED).map(([field, after]) => ({
        field,
        before: DEFAULTS[field as keyof typeof DEFAULTS],
        after,
      })),
    });

    // The Admin's audit log page shows which status and each text before and after.
    const log = await call(t, {
      method: "GET",
      url: "/api/audit-events?event=statusText.updated&pageSize=10",
      cookie: admin.cookie,
    });
    expect(log.statusCode).toBe(200);
    const entry = log.json().items.find((item: { id: number }) => item.id === audit.id);
    expect(entry.info).toMatchObject({ status: STATUS });
    expect(entry.changes).toContainEqual({ field: "labelEs", before: "Suspendida", after: "En pausa", hidden: false });

    const back = await reset(before.version + 1);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ ...DEFAULTS, customized: false, version: before.version + 2 });
    const resetAudit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "statusText.updated")
      .where("actor_user_id", "=", admin.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(resetAudit.details ?? "{}")).toMatchObject({ status: STATUS, reset: true });
  });

  it("keeps a text equal to the default as the default, and a save that changes nothing writes nothing", async () => {
    await backToDefault();
    const before = await adminItem();
    const auditCount = async () =>
      (await t.ctx.db.selectFrom("audit_events").select("id").where("event", "=", "statusText.updated").execute())
        .length;
    const audits = await auditCount();
    const same = await save({ expectedVersion: before.version, ...DEFAULTS });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ customized: false, version: before.version });
    expect(await auditCount()).toBe(audits);

    const onlyFrench = await save({ expectedVersion: before.version, ...DEFAULTS, labelFr: "  En attente  " });
    expect(onlyFrench.json()).toMatchObject({ labelFr: "En attente", labelEs: "Suspendida", customized: true });
    const row = await t.ctx.db.selectFrom("status_texts").selectAll().where("status", "=", STATUS).executeTakeFirst();
    expect(row).toMatchObject({ label_fr: "En attente", label_es: null, explanation_en: null });
    await backToDefault();
  });

  it("answers 409 to a stale version and keeps the first save", async () => {
    await backToDefault();
    const { version } = await adminItem();
    expect((await save({ expectedVersion: version, ...EDITED })).statusCode).toBe(200);
    const stale = await save({ expectedVersion: version, ...DEFAULTS, labelEn: "Frozen" });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("VERSION_CONFLICT");
    expect((await reset(version)).statusCode).toBe(409);
    expect(await adminItem()).toMatchObject({ labelEn: "Paused", version: version + 1 });
    await backToDefault();
  });

  it("refuses a label another status already has in that language (409 under the field)", async () => {
    await backToDefault();
    const { version } = await adminItem();
    const taken = await save({ expectedVersion: version, ...DEFAULTS, labelEn: "accepted" });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: "STATUS_LABEL_TAKEN", fields: { labelEn: expect.any(String) } });
    expect(await adminItem()).toMatchObject({ customized: false, version });
  });

  it("refuses bad input with the field named, and changes nothing", async () => {
    await backToDefault();
    const { version } = await adminItem();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...DEFAULTS, expectedVersion: version, labelEs: "   " }, "labelEs"],
      [{ ...DEFAULTS, expectedVersion: version, labelEn: "x".repeat(41) }, "labelEn"],
      [{ ...DEFAULTS, expectedVersion: version, labelFr: "Deux\nlignes" }, "labelFr"],
      [{ ...DEFAULTS, expectedVersion: version, explanationEs: "x".repeat(301) }, "explanationEs"],
      [{ ...DEFAULTS, expectedVersion: version, explanationEn: "bell\u0007" }, "explanationEn"],
      [{ ...DEFAULTS, expectedVersion: 0 }, "expectedVersion"],
      [{ ...DEFAULTS, expectedVersion: version, extra: 1 }, "_"],
      [{ expectedVersion: version }, "labelEs"],
    ];
    for (const [body, field] of cases) {
      const response = await save(body);
      expect(response.statusCode, field).toBe(400);
      const error = errorOf(response);
      expect(error.code, field).toBe("VALIDATION_ERROR");
      if (field !== "_") expect(error.fields?.[field], field).toBeTruthy();
    }
    const unknown = await save({ expectedVersion: 1, ...DEFAULTS }, admin.cookie, "Paused");
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields?.status).toBeTruthy();
    expect(await adminItem()).toMatchObject({ customized: false, version });
  });

  it("a multi-line explanation keeps its line breaks, normalised", async () => {
    await backToDefault();
    const { version } = await adminItem();
    const saved = await save({ expectedVersion: version, ...DEFAULTS, explanationEn: "First line.\r\nSecond line." });
    expect(saved.json().explanationEn).toBe("First line.\nSecond line.");
    await backToDefault();
  });
});

describe("the lookup's cache", () => {
  it("is forgotten by a save, so the next read has the new words", async () => {
    await backToDefault();
    const family = await signedInAs(t, "User");
    const read = async () =>
      (await call(t, { method: "GET", url: "/api/status-texts", cookie: family.cookie }))
        .json()
        .items.find((item: Item) => item.status === STATUS).label.en;
    expect(await read()).toBe("Discontinued");
    const { version } = await adminItem();
    await save({ expectedVersion: version, ...DEFAULTS, labelEn: "On hold" });
    expect(await read()).toBe("On hold");
    // A write this process did not make (another server) is seen once the cache is forgotten,
    // which the change notifier does on PostgreSQL (cache-sync.ts).
    await t.ctx.db.updateTable("status_texts").set({ label_en: "Elsewhere" }).where("status", "=", STATUS).execute();
    forgetStatusTexts();
    expect(await read()).toBe("Elsewhere");
    await backToDefault();
  });
});

/**
 * Two real server processes on one PostgreSQL database of their own: B keeps the texts 5 s, yet a
 * save answered by A shows in B's answers within a second (the change notifier, cache-sync.ts).
 * SQLite is one process: nothing to share there.
 */
describe.skipIf(inject("engine") !== "postgres")("a save seen by another server process (PostgreSQL)", () => {
  let nodes: Awaited<ReturnType<typeof startTwoProcesses>>;
  beforeAll(async () => {
    nodes = await startTwoProcesses("status-texts");
  }, 120_000);
  afterAll(async () => nodes?.close());

  it("B names the status the new way within a second of A's save", async () => {
    const [row] = await nodes.sql("select school_year_id from requests order by id limit 1");
    const cookie = await signIn(nodes.a, "admin@demo.local", row.school_year_id);
    const labelOnB = async () =>
      ((await callNode(nodes.b, cookie, "GET", "/api/status-texts")).body.items as Item[]).find(
        (item) => item.status === "Refused",
      )?.label as { en: string };
    // B reads (and caches) the default first.
    expect((await labelOnB()).en).toBe("Refused");
    const saved = await callNode(nodes.a, cookie, "PUT", "/api/settings/status-texts/Refused", {
      expectedVersion: 1,
      labelEs: "Rechazada",
      labelEn: "Declined",
      labelFr: "Refusée",
      explanationEs: "",
      explanationEn: "",
      explanationFr: "",
    });
    expect(saved.status).toBe(200);
    await seenWithin(1_000, Date.now(), labelOnB, (label) => label.en === "Declined");
  });
});
