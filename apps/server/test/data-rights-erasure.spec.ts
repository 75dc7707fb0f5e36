import { afterAll, beforeAll, expect, it } from "vitest";
import { act, fileRequest, validFiling } from "./support/data-rights.ts";
import { sentChild } from "./support/erasure.ts";
import { call, createTestApp, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * Data-rights requests and the erasure (docs/rules/data-protection.md "Data-rights requests"): an
 * erasure request about a child outlives the child's erased record (the school's proof that it
 * answered); erasing the whole family takes its requests with it, and is never blocked by them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const requestRow = (id: number) =>
  t.ctx.db.selectFrom("data_rights_requests").select(["student_id", "state"]).where("id", "=", id).execute();

it("keeps a child's erasure request, answerable, once the child is erased; the whole family's erasure takes them", {
  timeout: 120_000,
}, async () => {
  const family = await signedInAs(t, "User");
  const child = await sentChild(t, family.cookie);
  const filed = await fileRequest(t, family.cookie, {
    ...validFiling,
    kind: "erasure",
    subject: "student",
    studentId: child.studentId,
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const { id } = filed.json() as { id: number };
  const staff = await signedInAs(t, "Secretaria");
  // The staff's page names the child's enrollment request, whose page holds the erasure.
  const before = await call(t, { method: "GET", url: `/api/data-rights-requests/${id}`, cookie: staff.cookie });
  expect(before.statusCode, before.body).toBe(200);
  expect(before.json().enrollmentRequests).toEqual([
    expect.objectContaining({ id: child.requestId, studentName: child.student_name }),
  ]);

  const erased = await call(t, {
    method: "POST",
    url: `/api/requests/${child.requestId}/erasure`,
    cookie: staff.cookie,
    payload: { scope: "applicant", confirmName: child.student_name },
  });
  expect(erased.statusCode, erased.body).toBe(200);
  expect(await requestRow(id)).toEqual([{ student_id: null, state: "received" }]);
  const answered = await act(t, staff.cookie, id, { action: "answer", message: "Her data has been erased." });
  expect(answered.statusCode, answered.body).toBe(200);
  expect(answered.json().enrollmentRequests).toEqual([]);

  // A second child, then the whole family: its requests go with its accounts.
  const other = await sentChild(t, family.cookie);
  // Erased, the child is about no enrollment request: never the family's other children's.
  const after = await call(t, { method: "GET", url: `/api/data-rights-requests/${id}`, cookie: staff.cookie });
  expect(after.json().enrollmentRequests).toEqual([]);
  await fileRequest(t, family.cookie, validFiling);
  const whole = await call(t, {
    method: "POST",
    url: `/api/requests/${other.requestId}/erasure`,
    cookie: staff.cookie,
    payload: { scope: "family", confirmName: other.student_name },
  });
  expect(whole.statusCode, whole.body).toBe(200);
  const left = await t.ctx.db
    .selectFrom("data_rights_requests")
    .select("id")
    .where("family_user_id", "=", family.id)
    .execute();
  expect(left).toEqual([]);
});
