import type { Role } from "@portal/shared/roles";
import type { DocumentList, HandInState, RequestDocuments } from "@portal/shared/schemas/documents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hoursAgo, insertDocumentRequest, insertOwnYear } from "./support/document-requests.ts";
import { call, createTestApp, createUser, errorOf, loginAs, TEST_PASSWORD, type TestApp } from "./support/test-app.ts";

/**
 * The documents list: due and overdue from the send time (written by the test, no
 * waiting), the hand-in filters, the checklist's save with its version guard and audit, who may
 * change it, and bad input.
 */

let t: TestApp;
let yearId: number;
let family: { id: number; email: string };
const cookies = {} as Record<"Admin" | "Secretaria" | "Consulta" | "Editor" | "User", string>;
/** A: sent 5 h ago; B: 30 min ago; C: 5 h ago with exit alone (3 items); D: 10 h ago, test data. */
const r = {} as Record<"a" | "b" | "c" | "d", { id: number; code: string }>;

async function login(role: Role): Promise<string> {
  const user = await createUser(t, { role, language: "en" });
  return loginAs(t, user.email, TEST_PASSWORD, yearId);
}

beforeAll(async () => {
  t = await createTestApp();
  yearId = await insertOwnYear(t, "docs");
  family = await createUser(t, { role: "User" });
  for (const role of ["Admin", "Secretaria", "Consulta", "Editor", "User"] as const) cookies[role] = await login(role);
  const base = { yearId, familyId: family.id };
  r.a = await insertDocumentRequest(t, { ...base, studentName: "Ana Alba", sentAt: hoursAgo(5) });
  r.b = await insertDocumentRequest(t, { ...base, studentName: "Bruno Bravo", sentAt: hoursAgo(0.5) });
  r.c = await insertDocumentRequest(t, {
    ...base,
    studentName: "Carla Cruz",
    sentAt: hoursAgo(5),
    level: "2NDE",
    exit: { exitAlone: true },
  });
  r.d = await insertDocumentRequest(t, { ...base, studentName: "Dario Diaz", sentAt: hoursAgo(10), isTestData: true });
});
afterAll(() => t.close());

async function list(query: string, role: keyof typeof cookies = "Secretaria"): Promise<DocumentList> {
  const response = await call(t, { method: "GET", url: `/api/documents?${query}`, cookie: cookies[role] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const codes = (page: DocumentList) => page.items.map((item) => item.code);

function save(requestId: number, item: string, body: object, role: keyof typeof cookies = "Secretaria") {
  return call(t, {
    method: "PUT",
    url: `/api/documents/${requestId}/hand-in/${item}`,
    cookie: cookies[role],
    payload: body,
  });
}

describe("GET /api/documents", () => {
  it("lists the year's sent requests, oldest first, with the due time and the overdue flag", async () => {
    const page = await list("");
    expect(page.total).toBe(3);
    expect(page.signingHours).toBe(2);
    expect(codes(page)).toEqual([r.a.code, r.c.code, r.b.code]);
    const a = page.items[0]!;
    expect(new Date(a.dueAt).getTime() - new Date(a.sentAt).getTime()).toBe(2 * 3_600_000);
    expect(a.overdue).toBe(true);
    // Each item titled as the school names the document, in the reader's language (English here).
    expect(a.checklist).toEqual([
      { item: "contract", title: "Educational services contract", received: false, signedOnline: false },
      {
        item: "imageConsent",
        title: "Consent to the use of the student's image",
        received: false,
        signedOnline: false,
      },
    ]);
    expect(page.items[1]!.checklist.map((entry) => entry.item)).toEqual([
      "contract",
      "exitAuthorization",
      "imageConsent",
    ]);
    expect(page.items[2]!.overdue).toBe(false);
  });

  it("filters: signed documents missing, overdue, level, test data, paging", async () => {
    expect(codes(await list("handIn=missing"))).toEqual([r.a.code, r.c.code, r.b.code]);
    expect(codes(await list("handIn=overdue"))).toEqual([r.a.code, r.c.code]);
    expect((await list("handIn=complete")).total).toBe(0);
    expect(codes(await list("level=2NDE"))).toEqual([r.c.code]);
    expect(codes(await list("testData=only"))).toEqual([r.d.code]);
    const second = await list("pageSize=10&page=2");
    expect(second.items).toEqual([]);
    expect(second.total).toBe(3);
  });

  it("follows the year's signing time (Settings › General)", async () => {
    const url = `/api/settings/general/page?schoolYearId=${yearId}`;
    const page = (await call(t, { method: "GET", url, cookie: cookies.Admin })).json();
    const { version, ...constants } = page.constants;
    const put = (hours: number, v: number) =>
      call(t, {
        method: "PUT",
        url: `/api/settings/general/years/${yearId}/constants`,
        cookie: cookies.Admin,
        payload: { ...constants, contractSigningHours: hours, version: v },
      });
    const saved = await put(6, version);
    expect(saved.statusCode, saved.body).toBe(200);
    const six = await list("handIn=overdue");
    expect(six.signingHours).toBe(6);
    expect(six.total).toBe(0);
    expect((await put(2, saved.json().constants.version)).statusCode).toBe(200);
    expect(codes(await list("handIn=overdue"))).toEqual([r.a.code, r.c.code]);
  });
});

describe("the hand-in checklist", () => {
  it("records an item with who and when, refuses a stale version (409) and audits", async () => {
    const first = await save(r.a.id, "contract", { received: true, receivedOn: "2026-11-20", version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    const state = first.json() as HandInState;
    expect(state).toMatchObject({ item: "contract", received: true, receivedOn: "2026-11-20", version: 1 });
    expect(state.recordedBy).toBe("Ana Lucía Pérez");
    expect(state.recordedAt).toBeTruthy();

    const stale = await save(r.a.id, "contract", { received: false, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("VERSION_CONFLICT");

    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["details", "subject_user_id"])
      .where("event", "=", "documents.handInRecorded")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? "{}")).toMatchObject({
      requestId: r.a.id,
      code: r.a.code,
      item: "contract",
      received: true,
      receivedOn: "2026-11-20",
    });
    expect(audit.subject_user_id).toBe(family.id);
  });

  it("a request with every item received leaves 'missing' and 'overdue'; unticking brings it back", async () => {
    const consent = await save(
      r.a.id,
      "imageConsent",
      { received: true, receivedOn: "2026-11-21", version: 0 },
      "Editor",
    );
    expect(consent.statusCode, consent.body).toBe(200);
    expect(codes(await list("handIn=complete"))).toEqual([r.a.code]);
    expect(codes(await list("handIn=overdue"))).toEqual([r.c.code]);
    const row = (await list("")).items.find((item) => item.id === r.a.id)!;
    expect(row.overdue).toBe(false);

    const undone = await save(r.a.id, "imageConsent", { received: false, receivedOn: "2026-11-21", version: 1 });
    expect(undone.json()).toMatchObject({ received: false, receivedOn: null, version: 2 });
    expect(codes(await list("handIn=overdue"))).toEqual([r.a.code, r.c.code]);
  });

  it("the exit authorization only where the family chose an exit", async () => {
    const notNeeded = await save(r.b.id, "exitAuthorization", { received: true, receivedOn: "2026-11-21", version: 0 });
    expect(notNeeded.statusCode).toBe(400);
    expect(errorOf(notNeeded).code).toBe("HAND_IN_NOT_REQUIRED");
    const needed = await save(r.c.id, "exitAuthorization", { received: true, receivedOn: "2026-11-21", version: 0 });
    expect(needed.statusCode).toBe(200);
  });

  it("Consulta reads but may not change; families may neither", async () => {
    const body = { received: true, receivedOn: "2026-11-21", version: 0 };
    expect((await save(r.b.id, "contract", body, "Consulta")).statusCode).toBe(403);
    expect((await save(r.b.id, "contract", body, "User")).statusCode).toBe(403);
    expect((await call(t, { method: "GET", url: "/api/documents", cookie: cookies.User })).statusCode).toBe(403);
    expect((await call(t, { method: "GET", url: `/api/documents/${r.b.id}`, cookie: cookies.User })).statusCode).toBe(
      403,
    );
    expect((await list("", "Consulta")).total).toBe(3);
    expect((await call(t, { method: "GET", url: "/api/documents" })).statusCode).toBe(401);
  });
});

describe("GET /api/documents/:requestId", () => {
  it("gives the PDFs' links by role, the uploads and the checklist with who recorded it", async () => {
    const get = (role: keyof typeof cookies) =>
      call(t, { method: "GET", url: `/api/documents/${r.a.id}`, cookie: cookies[role] });
    const secretaria = (await get("Secretaria")).json() as RequestDocuments;
    expect(secretaria.item.code).toBe(r.a.code);
    expect(secretaria.generated.map((g) => g.href)).toEqual([
      expect.stringMatching(/\/documents\/summary$/),
      expect.stringMatching(/\/documents\/to-sign$/),
    ]);
    expect(secretaria.handIn.find((h) => h.item === "contract")).toMatchObject({ received: true, version: 1 });
    expect(secretaria.uploads).toEqual([]);
    // Editor: no medical records, no request pages: no summary, no to-sign download route either.
    const editor = (await get("Editor")).json() as RequestDocuments;
    expect(editor.generated.map((g) => g.href)).toEqual([null, null]);
    expect((await get("Consulta")).statusCode).toBe(200);
  });

  it("an unknown request is a 404", async () => {
    const response = await call(t, { method: "GET", url: "/api/documents/2147483000", cookie: cookies.Secretaria });
    expect(response.statusCode).toBe(404);
    const put = await save(2147483000, "contract", { received: false, version: 0 });
    expect(put.statusCode).toBe(404);
  });
});

describe("bad input", () => {
  it.each([
    ["handIn=bogus", "handIn"],
    ["level=XYZ", "level"],
    ["status=Nope", "status"],
    ["pageSize=7", "pageSize"],
    ["colour=red", "colour"],
  ])("GET /api/documents?%s is a 400 naming %s", async (query, field) => {
    const response = await call(t, { method: "GET", url: `/api/documents?${query}`, cookie: cookies.Secretaria });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(response))).toContain(field);
  });

  it("a school year that does not exist lists nothing (never a 500: its documents are not created)", async () => {
    const response = await call(t, {
      method: "GET",
      url: "/api/documents?schoolYearId=2147483000",
      cookie: cookies.Secretaria,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ items: [], total: 0 });
    const created = await t.ctx.db
      .selectFrom("school_documents")
      .select("id")
      .where("school_year_id", "=", 2147483000)
      .execute();
    expect(created).toEqual([]);
  });

  it.each([
    [{ received: true, version: 0 }, "receivedOn"],
    [{ received: true, receivedOn: "2026-02-30", version: 0 }, "receivedOn"],
    [{ received: "yes", version: 0 }, "received"],
    [{ received: false, version: -1 }, "version"],
    [{ received: false, version: 0, extra: 1 }, "extra"],
  ])("PUT %j is a 400 naming %s", async (body, field) => {
    const response = await save(r.b.id, "contract", body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
  });

  it("an unknown item is a 400", async () => {
    const response = await save(r.b.id, "passport", { received: false, version: 0 });
    expect(response.statusCode).toBe(400);
  });
});
