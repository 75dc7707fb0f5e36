import { REQUEST_STATUSES, type RequestStatus } from "@portal/shared/request-status";
import type { Role } from "@portal/shared/roles";
import { MAX_BULK_IDS } from "@portal/shared/schemas/workflow";
import { transition, WORKFLOW_ACTIONS, type WorkflowAction } from "@portal/shared/workflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../src/db/database.ts";
import {
  assertStepReopened,
  correctionOf,
  reopenForCorrection,
  resendAfterCorrection,
} from "../src/modules/workflow/correction.service.ts";
import { completeFile } from "./support/enrollment.ts";
import { waitForMail } from "./support/smtp.ts";
import {
  call,
  createTestApp,
  createUser,
  currentSchoolYearId,
  errorOf,
  signedInAs,
  type TestApp,
} from "./support/test-app.ts";
import { insertSentRequest } from "./support/workflow.ts";

let t: TestApp;
let schoolYearId: number;
let secretaria: Awaited<ReturnType<typeof signedInAs>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let consulta: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp();
  schoolYearId = await currentSchoolYearId(t);
  secretaria = await signedInAs(t, "Secretaria", { language: "en" });
  admin = await signedInAs(t, "Admin", { language: "en" });
  consulta = await signedInAs(t, "Consulta", { language: "en" });
});
afterAll(() => t.close());

/** An id no request has (the ids are serial): 404 for everyone allowed. */
const UNKNOWN_ID = 2_147_483_000;

/** A sent request of `familyId` in `status`, written straight into the database. */
const insertRequest = (familyId: number, status: RequestStatus = "Untreated") => insertSentRequest(t, familyId, status);

async function requestRow(id: number) {
  return t.ctx.db.selectFrom("requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function historyOf(id: number) {
  return t.ctx.db.selectFrom("request_history").selectAll().where("request_id", "=", id).orderBy("id").execute();
}

/** Puts a request in `status` (its file sent, as staff find it) and answers its version. */
async function setStatus(id: number, fileId: number, status: RequestStatus): Promise<number> {
  await t.ctx.db
    .updateTable("requests")
    .set({ request_status: status, correction_message: null, correction_steps: null })
    .where("id", "=", id)
    .execute();
  await t.ctx.db.updateTable("enrollment_files").set({ status: "sent" }).where("id", "=", fileId).execute();
  return (await requestRow(id)).version;
}

const CORRECTION = { steps: ["schoolTransport", "terms"], message: "Please review the bus answer." };

function bodyFor(action: WorkflowAction, expectedVersion: number, extra: Record<string, unknown> = {}) {
  return action === "requestCorrection"
    ? { action, expectedVersion, ...CORRECTION, ...extra }
    : { action, expectedVersion, ...extra };
}

function act(cookie: string | undefined, id: number | string, payload: unknown) {
  return call(t, { method: "POST", url: `/api/requests/${id}/actions`, cookie, payload: payload as object });
}

function bulk(cookie: string | undefined, payload: unknown) {
  return call(t, { method: "POST", url: "/api/requests/bulk-actions", cookie, payload: payload as object });
}

function review(cookie: string | undefined, id: number | string, payload: unknown) {
  return call(t, { method: "PUT", url: `/api/requests/${id}/internal-review`, cookie, payload: payload as object });
}

function detail(cookie: string | undefined, id: number | string) {
  return call(t, { method: "GET", url: `/api/requests/${id}`, cookie });
}

describe("the transition table through the API", () => {
  for (const role of ["Secretaria", "Admin"] as const satisfies Role[]) {
    it(`${role}: every status × every action — allowed ones change the status, the rest 409`, async () => {
      const staff = role === "Admin" ? admin : secretaria;
      const family = await createUser(t);
      const { id, fileId } = await insertRequest(family.id);
      let allowed = 0;
      for (const from of REQUEST_STATUSES) {
        for (const action of WORKFLOW_ACTIONS) {
          const what = `${role}: ${from} --${action}-->`;
          const version = await setStatus(id, fileId, from);
          const historyBefore = (await historyOf(id)).length;
          const response = await act(staff.cookie, id, bodyFor(action, version, { comment: `${from} ${action}` }));
          const expected = transition(from, action, role);
          if (expected) {
            allowed++;
            expect(response.statusCode, `${what} ${response.body.slice(0, 300)}`).toBe(200);
            expect(response.json(), what).toMatchObject({ status: expected, version: version + 1 });
            const row = await requestRow(id);
            expect(row.request_status, what).toBe(expected);
            expect(row.version, what).toBe(version + 1);
            const history = await historyOf(id);
            expect(history.length, what).toBe(historyBefore + 1);
            expect(history.at(-1), what).toMatchObject({
              from_status: from,
              to_status: expected,
              action,
              user_id: staff.id,
            });
            expect(history.at(-1)?.comment, what).toContain(`${from} ${action}`);
          } else {
            expect(response.statusCode, `${what} ${response.body.slice(0, 300)}`).toBe(409);
            expect(errorOf(response).code, what).toBe("TRANSITION_NOT_ALLOWED");
            const row = await requestRow(id);
            expect([row.request_status, row.version], what).toEqual([from, version]);
            expect((await historyOf(id)).length, what).toBe(historyBefore);
          }
        }
      }
      // The table: 25 moves for Secretaria, plus cancelling a finished request for Admin.
      expect(allowed).toBe(role === "Admin" ? 26 : 25);
    });
  }

  it("names the status and the action in the caller's language", async () => {
    const family = await createUser(t);
    const { id } = await insertRequest(family.id, "Finished");
    const english = await act(secretaria.cookie, id, { action: "accept", expectedVersion: 1 });
    expect(errorOf(english)).toMatchObject({
      code: "TRANSITION_NOT_ALLOWED",
      message: "The action “Accept” is not possible for a request with the status “Finished”",
    });
    const spanish = await signedInAs(t, "Secretaria", { language: "es" });
    const response = await act(spanish.cookie, id, { action: "discontinue", expectedVersion: 1, comment: "Pausa" });
    expect(errorOf(response).message).toBe(
      "La acción «Suspender» no es posible para una solicitud en estado «Finalizada»",
    );
  });

  it("lets only an Admin cancel a finished request", async () => {
    const family = await createUser(t);
    const { id } = await insertRequest(family.id, "Finished");
    const bySecretaria = await act(secretaria.cookie, id, {
      action: "cancel",
      expectedVersion: 1,
      comment: "Duplicate",
    });
    expect(errorOf(bySecretaria).code).toBe("TRANSITION_NOT_ALLOWED");
    const byAdmin = await act(admin.cookie, id, { action: "cancel", expectedVersion: 1, comment: "Duplicate" });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().status).toBe("Cancelled");
  });
});

describe("optimistic concurrency", () => {
  it("refuses the second of two changes made with the same version, overwriting nothing", async () => {
    const family = await createUser(t);
    const { id } = await insertRequest(family.id);
    const first = await act(secretaria.cookie, id, { action: "accept", expectedVersion: 1, comment: "first" });
    expect(first.statusCode).toBe(200);
    const second = await act(admin.cookie, id, { action: "refuse", expectedVersion: 1, comment: "second" });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({
      code: "VERSION_CONFLICT",
      message: "This record was changed by someone else; reload it",
    });
    expect(await requestRow(id)).toMatchObject({ request_status: "Accepted", version: 2 });
    expect((await historyOf(id)).map((h) => h.comment)).toEqual(["first"]);
    // With the version it now has, the same change goes through.
    const again = await act(admin.cookie, id, { action: "refuse", expectedVersion: 2, comment: "again" });
    expect(again.json()).toMatchObject({ status: "Refused", version: 3 });
  });

  it("lets exactly one of two simultaneous changes through", async () => {
    const family = await createUser(t);
    const { id } = await insertRequest(family.id);
    const answers = await Promise.all([
      act(secretaria.cookie, id, { action: "accept", expectedVersion: 1 }),
      act(admin.cookie, id, { action: "cancel", expectedVersion: 1, comment: "Duplicate" }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(errorOf(loser).code).toBe("VERSION_CONFLICT");
    const winner = answers.find((a) => a.statusCode === 200)!;
    expect(await requestRow(id)).toMatchObject({ request_status: winner.json().status, version: 2 });
    expect(await historyOf(id)).toHaveLength(1);
  });

  it("also guards the internal-review flag", async () => {
    const family = await createUser(t);
    const { id } = await insertRequest(family.id);
    expect((await review(secretaria.cookie, id, { flagged: true, note: "Check", expectedVersion: 1 })).statusCode).toBe(
      200,
    );
    const stale = await act(admin.cookie, id, { action: "accept", expectedVersion: 1 });
    expect(errorOf(stale).code).toBe("VERSION_CONFLICT");
    const staleReview = await review(admin.cookie, id, { flagged: false, expectedVersion: 1 });
    expect(errorOf(staleReview).code).toBe("VERSION_CONFLICT");
    expect(await requestRow(id)).toMatchObject({ request_status: "Untreated", version: 2, internal_review: 1 });
  });
});

describe("bulk status change", () => {
  it("changes each record on its own and says which did not change, and why", async () => {
    const family = await createUser(t, { language: "fr" });
    const a = await insertRequest(family.id, "Untreated");
    const b = await insertRequest(family.id, "Restored");
    const c = await insertRequest(family.id, "Finished");
    const d = await insertRequest(family.id, "Untreated");
    const response = await bulk(secretaria.cookie, { ids: [a.id, c.id, UNKNOWN_ID, b.id, d.id], action: "accept" });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.changed).toEqual([
      { id: a.id, code: expect.any(String), from: "Untreated", to: "Accepted" },
      { id: b.id, code: expect.any(String), from: "Restored", to: "Accepted" },
      { id: d.id, code: expect.any(String), from: "Untreated", to: "Accepted" },
    ]);
    expect(body.unchanged).toEqual([
      {
        id: c.id,
        code: (await requestRow(c.id)).code,
        reason: "TRANSITION_NOT_ALLOWED",
        status: "Finished",
        message: "The action “Accept” is not possible for a request with the status “Finished”",
      },
      {
        id: UNKNOWN_ID,
        code: null,
        reason: "NOT_FOUND",
        status: null,
        message: "The record has been deleted or does not exist.",
      },
    ]);
    for (const { id } of [a, b, d]) {
      expect(await requestRow(id)).toMatchObject({ request_status: "Accepted", version: 2 });
      expect((await historyOf(id)).map((h) => [h.from_status, h.to_status, h.action, h.user_id])).toHaveLength(1);
    }
    expect(await requestRow(c.id)).toMatchObject({ request_status: "Finished", version: 1 });
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["details"])
      .where("event", "=", "request.statusChanged")
      .where("subject_user_id", "=", family.id)
      .execute();
    expect(audit).toHaveLength(3);
    expect(JSON.parse(audit[0]?.details ?? "{}")).toMatchObject({ bulk: true, action: "accept", to: "Accepted" });
  });

  it("answers the spec's message when nothing is selected", async () => {
    const english = await bulk(secretaria.cookie, { ids: [], action: "accept" });
    expect(english.statusCode).toBe(400);
    expect(errorOf(english)).toMatchObject({
      code: "NO_RECORDS_SELECTED",
      message: "You must select one or more records",
    });
    const spanish = await signedInAs(t, "Secretaria", { language: "es" });
    expect(errorOf(await bulk(spanish.cookie, { ids: [], action: "accept" })).message).toBe(
      "Debe seleccionar uno o más registros",
    );
  });

  it("refuses a correction request, too many ids, repeated ids and bad ids", async () => {
    const family = await createUser(t);
    const { id } = await insertRequest(family.id);
    const cases: [unknown, string][] = [
      [{ ids: [id], action: "requestCorrection" }, "action"],
      [{ ids: Array.from({ length: MAX_BULK_IDS + 1 }, (_, i) => i + 1), action: "accept" }, "ids"],
      [{ ids: [id, id], action: "accept" }, "ids"],
      [{ ids: [0], action: "accept" }, "ids.0"],
      [{ ids: [-3], action: "accept" }, "ids.0"],
      [{ ids: ["1"], action: "accept" }, "ids.0"],
      [{ ids: [1.5], action: "accept" }, "ids.0"],
      [{ ids: [id], action: "accept", comment: "x".repeat(5000) }, "comment"],
      [{ ids: [id], action: "accept", extra: true }, "extra"],
      [{ ids: [id], action: "refuse" }, "comment"],
      [{ ids: [id], action: "discontinue", comment: "   " }, "comment"],
      [{ ids: [id], action: "cancel", comment: "" }, "comment"],
    ];
    for (const [payload, field] of cases) {
      const response = await bulk(secretaria.cookie, payload);
      const what = `${JSON.stringify(payload).slice(0, 80)}: ${response.body.slice(0, 200)}`;
      expect(response.statusCode, what).toBe(400);
      expect(errorOf(response).code, what).toBe("VALIDATION_ERROR");
      expect(errorOf(response).fields?.[field], what).toBeTruthy();
    }
    expect(await requestRow(id)).toMatchObject({ request_status: "Untreated", version: 1 });
  });

  it("takes 500 ids in one call", async () => {
    const family = await createUser(t);
    const { id } = await insertRequest(family.id);
    const ids = [id, ...Array.from({ length: MAX_BULK_IDS - 1 }, (_, i) => UNKNOWN_ID - i - 1)];
    const response = await bulk(secretaria.cookie, { ids, action: "accept" });
    expect(response.statusCode).toBe(200);
    expect(response.json().changed).toHaveLength(1);
    expect(response.json().unchanged).toHaveLength(MAX_BULK_IDS - 1);
  });
});

describe("who may do what", () => {
  it("lets Consulta read the detail, without actions, and refuses its changes", async () => {
    const family = await createUser(t);
    const { id } = await insertRequest(family.id);
    const seen = await detail(consulta.cookie, id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ id, status: "Untreated", allowedActions: [], canManage: false });
    for (const response of [
      await act(consulta.cookie, id, { action: "accept", expectedVersion: 1 }),
      await bulk(consulta.cookie, { ids: [id], action: "accept" }),
      await review(consulta.cookie, id, { flagged: true, note: "x", expectedVersion: 1 }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe("FORBIDDEN");
    }
    expect(await requestRow(id)).toMatchObject({ request_status: "Untreated", version: 1, internal_review: 0 });
  });

  it("refuses Editor and families everything, and anonymous callers with 401", async () => {
    const family = await signedInAs(t, "User");
    const { id } = await insertRequest(family.id);
    const editor = await signedInAs(t, "Editor");
    const tester = await signedInAs(t, "Prueba");
    for (const cookie of [editor.cookie, family.cookie, tester.cookie, undefined]) {
      for (const response of [
        await detail(cookie, id),
        await act(cookie, id, { action: "accept", expectedVersion: 1 }),
        await bulk(cookie, { ids: [id], action: "accept" }),
        await review(cookie, id, { flagged: true, note: "x", expectedVersion: 1 }),
      ]) {
        expect(response.statusCode).toBe(cookie ? 403 : 401);
        expect(errorOf(response).code).toBe(cookie ? "FORBIDDEN" : "UNAUTHENTICATED");
      }
    }
    expect(await requestRow(id)).toMatchObject({ request_status: "Untreated", version: 1 });
  });

  it("offers Secretaria and Admin the table's actions in the detail", async () => {
    const family = await createUser(t);
    const { id } = await insertRequest(family.id, "Finished");
    expect((await detail(secretaria.cookie, id)).json()).toMatchObject({ allowedActions: [], canManage: true });
    expect((await detail(admin.cookie, id)).json()).toMatchObject({ allowedActions: ["cancel"], canManage: true });
    const other = await insertRequest(family.id, "Accepted");
    expect((await detail(secretaria.cookie, other.id)).json().allowedActions).toEqual([
      "refuse",
      "discontinue",
      "cancel",
      "requestCorrection",
      "validate",
    ]);
  });

  it("answers 404 REQUEST_NOT_FOUND for an unknown id, and 400 for an id that is not one", async () => {
    for (const response of [
      await detail(secretaria.cookie, UNKNOWN_ID),
      await act(secretaria.cookie, UNKNOWN_ID, { action: "accept", expectedVersion: 1 }),
      await review(secretaria.cookie, UNKNOWN_ID, { flagged: false, expectedVersion: 1 }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({
        code: "REQUEST_NOT_FOUND",
        message: "The record has been deleted or does not exist.",
      });
    }
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const response = await detail(secretaria.cookie, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response).fields?.id, bad).toBeTruthy();
    }
  });
});

describe("bad bodies", () => {
  it("refuses them with 400 naming the field, and changes nothing", async () => {
    const family = await createUser(t);
    const { id } = await insertRequest(family.id);
    const cases: [unknown, string][] = [
      [{ action: "approve", expectedVersion: 1 }, "action"],
      [{ action: "Accept", expectedVersion: 1 }, "action"],
      [{ action: "toString", expectedVersion: 1 }, "action"],
      [{ action: "accept", expectedVersion: -1 }, "expectedVersion"],
      [{ action: "accept", expectedVersion: 0 }, "expectedVersion"],
      [{ action: "accept", expectedVersion: 1.5 }, "expectedVersion"],
      [{ action: "accept", expectedVersion: "1" }, "expectedVersion"],
      [{ action: "accept" }, "expectedVersion"],
      [{ action: "accept", expectedVersion: 1, comment: "x".repeat(5000) }, "comment"],
      [{ action: "accept", expectedVersion: 1, comment: "bell \u0007" }, "comment"],
      [{ action: "accept", expectedVersion: 1, steps: ["terms"] }, "steps"],
      [{ action: "accept", expectedVersion: 1, message: "Fix it" }, "message"],
      [{ action: "requestCorrection", expectedVersion: 1, message: "Fix it" }, "steps"],
      [{ action: "requestCorrection", expectedVersion: 1, message: "Fix it", steps: [] }, "steps"],
      [{ action: "requestCorrection", expectedVersion: 1, message: "Fix it", steps: ["welcome"] }, "steps.0"],
      [{ action: "requestCorrection", expectedVersion: 1, message: "Fix", steps: ["terms", "terms"] }, "steps"],
      [{ action: "requestCorrection", expectedVersion: 1, steps: ["terms"] }, "message"],
      [{ action: "requestCorrection", expectedVersion: 1, steps: ["terms"], message: "   " }, "message"],
      [{ action: "requestCorrection", expectedVersion: 1, steps: ["terms"], message: "x".repeat(9000) }, "message"],
      [{ action: "accept", expectedVersion: 1, role: "Admin" }, "role"],
      [{ action: "refuse", expectedVersion: 1 }, "comment"],
      [{ action: "discontinue", expectedVersion: 1, comment: " \n " }, "comment"],
      [{ action: "cancel", expectedVersion: 1, comment: "" }, "comment"],
    ];
    for (const [payload, field] of cases) {
      const response = await act(secretaria.cookie, id, payload);
      const what = `${JSON.stringify(payload).slice(0, 100)}: ${response.body.slice(0, 200)}`;
      expect(response.statusCode, what).toBe(400);
      expect(errorOf(response).code, what).toBe("VALIDATION_ERROR");
      expect(errorOf(response).fields?.[field], what).toBeTruthy();
    }
    const reviews: [unknown, string][] = [
      [{ flagged: true, expectedVersion: 1 }, "note"],
      [{ flagged: true, note: "", expectedVersion: 1 }, "note"],
      [{ flagged: "yes", note: "x", expectedVersion: 1 }, "flagged"],
      [{ flagged: true, note: "x".repeat(5000), expectedVersion: 1 }, "note"],
      [{ flagged: true, note: "x", expectedVersion: -4 }, "expectedVersion"],
    ];
    for (const [payload, field] of reviews) {
      const response = await review(secretaria.cookie, id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).fields?.[field], JSON.stringify(payload)).toBeTruthy();
    }
    expect(await requestRow(id)).toMatchObject({ request_status: "Untreated", version: 1, internal_review: 0 });
    expect(await historyOf(id)).toEqual([]);
  });
});

describe("the request detail", () => {
  it("shows the request, student, family, history with names, review and correction", async () => {
    const family = await createUser(t, { language: "fr" });
    const { id, fileId, documentNumber } = await insertRequest(family.id);
    await act(secretaria.cookie, id, { action: "accept", expectedVersion: 1, comment: "  Documents OK  " });
    await act(admin.cookie, id, { action: "validate", expectedVersion: 2 });
    await review(secretaria.cookie, id, { flagged: true, note: "Check the medical record", expectedVersion: 3 });
    const corrected = await act(secretaria.cookie, id, {
      action: "requestCorrection",
      expectedVersion: 4,
      steps: ["terms", "firstRepresentative", "studentFile"],
      message: "The first representative's phone is missing.",
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const body = (await detail(consulta.cookie, id)).json();
    expect(body).toMatchObject({
      id,
      status: "InProcess",
      photoStatus: "pending",
      version: 5,
      schoolYear: { id: schoolYearId },
      levelCode: "CM1",
      isNewStudent: true,
      isTestData: false,
      fileId,
      student: { name: "Mateo Andrade Vela", documentNumber },
      family: { id: family.id, email: family.email, language: "fr", name: "Ana Lucía Pérez Gómez" },
      internalReview: {
        flagged: true,
        note: "Check the medical record",
        by: { id: secretaria.id, name: "Ana Lucía Pérez Gómez" },
        resolvedBy: null,
        resolvedAt: null,
      },
      // In wizard order, whatever order they were asked in.
      correction: {
        message: "The first representative's phone is missing.",
        steps: ["studentFile", "terms", "firstRepresentative"],
      },
      allowedActions: [],
      canManage: false,
    });
    expect(body.history.map((h: Record<string, unknown>) => [h.from, h.to, h.action, h.comment])).toEqual([
      ["Untreated", "Accepted", "accept", "Documents OK"],
      ["Accepted", "Validated", "validate", null],
      ["Validated", "Validated", "flagInternalReview", "Check the medical record"],
      ["Validated", "InProcess", "requestCorrection", "The first representative's phone is missing."],
    ]);
    expect(body.history.map((h: { by: { id: number } }) => h.by.id)).toEqual([
      secretaria.id,
      admin.id,
      secretaria.id,
      secretaria.id,
    ]);
    expect(body.history.every((h: { at: string }) => !Number.isNaN(Date.parse(h.at)))).toBe(true);

    // Clearing the flag keeps what was flagged and records who resolved it.
    const cleared = await review(admin.cookie, id, { flagged: false, note: "Seen", expectedVersion: 5 });
    expect(cleared.json()).toMatchObject({
      version: 6,
      internalReview: {
        flagged: false,
        note: "Check the medical record",
        by: { id: secretaria.id },
        resolvedBy: { id: admin.id },
      },
    });
    expect(cleared.json().history.at(-1)).toMatchObject({ action: "resolveInternalReview", comment: "Seen" });
    // Clearing again changes nothing.
    const noop = await review(admin.cookie, id, { flagged: false, expectedVersion: 6 });
    expect(noop.json().version).toBe(6);
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["event", "actor_user_id"])
      .where("subject_user_id", "=", family.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.event)).toEqual([
      "request.statusChanged",
      "request.statusChanged",
      "request.internalReview",
      "request.statusChanged",
      "request.internalReview",
    ]);
  });
});

describe("e-mails to the family", () => {
  it("will not refuse, suspend or cancel without a reason, and says so in the caller's language", async () => {
    const family = await createUser(t);
    const { id } = await insertRequest(family.id);
    const spanish = await signedInAs(t, "Secretaria", { language: "es" });
    for (const action of ["refuse", "discontinue", "cancel"]) {
      const one = await act(spanish.cookie, id, { action, expectedVersion: 1 });
      expect(one.statusCode, action).toBe(400);
      expect(errorOf(one).fields?.comment, action).toBe(
        "Indique el motivo: la familia lo recibe por correo electrónico",
      );
      const many = await bulk(secretaria.cookie, { ids: [id], action, comment: "  " });
      expect(many.statusCode, action).toBe(400);
      expect(errorOf(many).fields?.comment, action).toBe("Give the reason: the family receives it by e-mail");
    }
    expect(await requestRow(id)).toMatchObject({ request_status: "Untreated", version: 1 });
    expect(await historyOf(id)).toEqual([]);
  });

  it("gives the family the reason of a refusal, and of a bulk cancellation, in its language", async () => {
    const family = await createUser(t, { language: "es" });
    const { id } = await insertRequest(family.id);
    const before = t.mails.length;
    const refused = await act(secretaria.cookie, id, {
      action: "refuse",
      expectedVersion: 1,
      comment: "No quedan plazas en este nivel.",
    });
    expect(refused.statusCode).toBe(200);
    const mail = await waitForMail(t.mails, family.email, before);
    expect(mail.subject).toContain("Rechazada");
    expect(mail.decoded).toContain("Motivo indicado por la secretaría:\r\nNo quedan plazas en este nivel.");

    const english = await createUser(t, { language: "en" });
    const other = await insertRequest(english.id);
    const mark = t.mails.length;
    const cancelled = await bulk(secretaria.cookie, { ids: [other.id], action: "cancel", comment: "Sent twice." });
    expect(cancelled.json().changed).toHaveLength(1);
    const bulkMail = await waitForMail(t.mails, english.email, mark);
    expect(bulkMail.decoded).toContain("Reason given by the school office:\r\nSent twice.");
    expect(bulkMail.decoded).not.toContain("Comment from the school office");
  });

  it("tells the family the new status and the comment in its language", async () => {
    const family = await createUser(t, { language: "fr" });
    const { id } = await insertRequest(family.id);
    const before = t.mails.length;
    await act(secretaria.cookie, id, { action: "accept", expectedVersion: 1, comment: "Bienvenue à l'école !" });
    const mail = await waitForMail(t.mails, family.email, before);
    expect(mail.subject).toContain("Acceptée");
    expect(mail.subject).toContain("Mateo Andrade Vela");
    expect(mail.decoded).toContain("Son nouveau statut\u202f: Acceptée.");
    expect(mail.decoded).toContain("Commentaire du secrétariat\u202f:");
    expect(mail.decoded).toContain("Bienvenue à l'école !");
  });

  it("sends the correction message, the reopened steps and the portal link", async () => {
    const family = await createUser(t, { language: "en" });
    const { id } = await insertRequest(family.id);
    const before = t.mails.length;
    await act(secretaria.cookie, id, {
      action: "requestCorrection",
      expectedVersion: 1,
      steps: ["schoolTransport", "terms"],
      message: "Please <b>confirm</b> the bus.",
    });
    const mail = await waitForMail(t.mails, family.email, before);
    expect(mail.subject).toBe(
      `Enrollment of Mateo Andrade Vela: please correct your request (${(await requestRow(id)).code})`,
    );
    expect(mail.decoded).toContain("Please <b>confirm</b> the bus.");
    expect(mail.decoded).toContain("Please &#60;b&#62;confirm&#60;/b&#62; the bus.");
    expect(mail.decoded).toMatch(/- Terms and conditions\r?\n- School transportation\r?\n/);
    expect(mail.decoded).toContain("/portal/inscripciones/bienvenido");
  });

  it("queues the mail with the change, and none for a change that did not happen", async () => {
    const family = await createUser(t);
    const { id } = await insertRequest(family.id);
    const response = await act(secretaria.cookie, id, { action: "refuse", expectedVersion: 1, comment: "Full" });
    expect(response.statusCode).toBe(200);
    const stale = await act(secretaria.cookie, id, { action: "accept", expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(await requestRow(id)).toMatchObject({ request_status: "Refused", version: 2 });
    const queued = await t.ctx.db
      .selectFrom("mail_outbox")
      .select(["kind", "to_address", "user_id"])
      .where("request_id", "=", id)
      .execute();
    expect(queued).toEqual([{ kind: "requestStatusChanged", to_address: family.email, user_id: family.id }]);
  });
});

describe("the correction round trip, service functions", () => {
  it("reopens the file for the chosen steps and shows the correction on the card", async () => {
    const family = await createUser(t);
    const { id, fileId } = await insertRequest(family.id);
    const response = await act(secretaria.cookie, id, {
      action: "requestCorrection",
      expectedVersion: 1,
      steps: ["schoolTransport"],
      message: "Confirm the bus",
    });
    expect(response.statusCode).toBe(200);
    const file = await t.ctx.db.selectFrom("enrollment_files").selectAll().where("id", "=", fileId).executeTakeFirst();
    expect(file?.status).toBe("draft");
    expect(file?.sent_at).not.toBeNull();
    const steps = await t.ctx.db
      .selectFrom("enrollment_steps")
      .select(["step", "completed_at"])
      .where("file_id", "=", fileId)
      .orderBy("step")
      .execute();
    expect(steps.map((s) => [s.step, s.completed_at === null])).toEqual([
      ["schoolTransport", true],
      ["terms", false],
    ]);
    const row = await requestRow(id);
    expect(correctionOf(row)).toEqual({ correctionMessage: "Confirm the bus", reopenedSteps: ["schoolTransport"] });
    expect(correctionOf(undefined)).toEqual({ correctionMessage: null, reopenedSteps: [] });
    expect(correctionOf({ ...row, request_status: "Untreated" })).toEqual({
      correctionMessage: null,
      reopenedSteps: [],
    });

    await expect(assertStepReopened(t.ctx.db, fileId, "schoolTransport")).resolves.toEqual(["schoolTransport"]);
    await expect(assertStepReopened(t.ctx.db, fileId, "terms")).rejects.toMatchObject({ code: "FILE_LOCKED" });

    const now = nowIso();
    const resent = await resendAfterCorrection(t.ctx.db, {
      fileId,
      userId: family.id,
      now,
      // What the lists copy from the steps is written too; the workflow's own fields win.
      columns: { student_name: "Mateo Corrected", request_status: "Finished", version: 99 },
    });
    expect(resent).toEqual({ id, code: row.code, createdAt: row.created_at });
    expect(await requestRow(id)).toMatchObject({
      request_status: "Untreated",
      version: 3,
      correction_message: null,
      correction_steps: null,
      student_name: "Mateo Corrected",
    });
    expect((await historyOf(id)).at(-1)).toMatchObject({
      from_status: "InProcess",
      to_status: "Untreated",
      action: "send",
      user_id: family.id,
    });
    // Not InProcess any more: another send of this file must not pass, nor a step save.
    await expect(resendAfterCorrection(t.ctx.db, { fileId, userId: family.id, now })).rejects.toMatchObject({
      code: "FILE_LOCKED",
    });
    await expect(assertStepReopened(t.ctx.db, fileId, "schoolTransport")).rejects.toMatchObject({
      code: "FILE_LOCKED",
    });
  });

  it("reopenForCorrection leaves a draft alone and answers null for a file without a request", async () => {
    const family = await createUser(t);
    const { fileId } = await insertRequest(family.id);
    await t.ctx.db.deleteFrom("requests").where("file_id", "=", fileId).execute();
    expect(await resendAfterCorrection(t.ctx.db, { fileId, userId: family.id, now: nowIso() })).toBeNull();
    await reopenForCorrection(t.ctx.db, fileId, [], nowIso());
    const steps = await t.ctx.db
      .selectFrom("enrollment_steps")
      .select("completed_at")
      .where("file_id", "=", fileId)
      .execute();
    expect(steps.every((s) => s.completed_at !== null)).toBe(true);
  });
});

/**
 * Through the family's real endpoints. Needs the hooks in enrollment.service.ts (saveStep,
 * listCards), enrollment.repository.ts (sent_at in findFileWithSteps) and submission.service.ts
 * (sendFile): see the workflow module's report.
 */
describe("the correction round trip through the API", () => {
  it("reopens only the chosen steps, shows the message, and sending again returns to Untreated", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const fileId = await completeFile(t, family.cookie);
    const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
    expect(sent.statusCode, sent.body).toBe(200);
    const { id, version } = await t.ctx.db
      .selectFrom("requests")
      .select(["id", "version"])
      .where("file_id", "=", fileId)
      .executeTakeFirstOrThrow();

    const asked = await act(secretaria.cookie, id, {
      action: "requestCorrection",
      expectedVersion: version,
      steps: ["schoolTransport"],
      message: "Do you want the bus?",
    });
    expect(asked.statusCode, asked.body).toBe(200);

    const cards = await call(t, { method: "GET", url: "/api/enrollment/cards", cookie: family.cookie });
    expect(cards.json()[0]).toMatchObject({
      fileId,
      status: "inProgress",
      requestStatus: "InProcess",
      completedCount: 11,
      nextStep: "schoolTransport",
      correctionMessage: "Do you want the bus?",
      reopenedSteps: ["schoolTransport"],
    });

    const save = (step: string, payload: object) =>
      call(t, { method: "PUT", url: `/api/enrollment/files/${fileId}/steps/${step}`, cookie: family.cookie, payload });
    const terms = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${fileId}/steps/terms`,
      cookie: family.cookie,
    });
    const locked = await save("terms", terms.json().data);
    expect(locked.statusCode, locked.body).toBe(409);
    expect(errorOf(locked).code).toBe("FILE_LOCKED");

    const early = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
    expect(errorOf(early)).toMatchObject({ code: "FILE_INCOMPLETE" });

    const fixed = await save("schoolTransport", { wantsBus: false });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const again = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().request).toMatchObject({ requestStatus: "Untreated", code: (await requestRow(id)).code });

    expect(await t.ctx.db.selectFrom("requests").select("id").where("file_id", "=", fileId).execute()).toHaveLength(1);
    const after = (await detail(secretaria.cookie, id)).json();
    expect(after).toMatchObject({ status: "Untreated", version: version + 2, correction: null });
    expect(after.history.at(-1)).toMatchObject({
      from: "InProcess",
      to: "Untreated",
      action: "send",
      by: { id: family.id },
    });
    const relocked = await save("schoolTransport", { wantsBus: false });
    expect(errorOf(relocked).code).toBe("FILE_LOCKED");
    const card = (await call(t, { method: "GET", url: "/api/enrollment/cards", cookie: family.cookie })).json()[0];
    expect(card).toMatchObject({
      status: "sent",
      requestStatus: "Untreated",
      correctionMessage: null,
      reopenedSteps: [],
    });
  });
});
