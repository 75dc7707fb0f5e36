import type { StepId } from "@portal/shared/enrollment-steps";
import { STAFF_ONLY_FIELDS } from "@portal/shared/staff-modules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeFile } from "./support/enrollment.ts";
import { call, createTestApp, signedInAs, type TestApp } from "./support/test-app.ts";

// The school's own codes (BUE, accounting) are not the family's to see or change.
let t: TestApp;
let cookie: string;
let fileId: number;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInAs(t, "User")).cookie;
  fileId = await completeFile(t, cookie);
});
afterAll(() => t.close());

const stepUrl = (step: string) => `/api/enrollment/files/${fileId}/steps/${step}`;

async function stepData(step: string): Promise<Record<string, unknown>> {
  const response = await call(t, { method: "GET", url: stepUrl(step), cookie });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: Record<string, unknown> }).data;
}

async function save(step: string, data: Record<string, unknown>) {
  const response = await call(t, { method: "PUT", url: stepUrl(step), cookie, payload: data });
  expect(response.statusCode, response.body).toBe(200);
}

/** What the BUE import or a staff edit leaves in the stored step. */
async function storeCodes(step: string, codes: Record<string, string>) {
  const data = { ...(await stepData(step)), ...codes };
  await t.ctx.db
    .updateTable("enrollment_steps")
    .set({ data: JSON.stringify(data) })
    .where("file_id", "=", fileId)
    .where("step", "=", step)
    .execute();
}

const steps = Object.entries(STAFF_ONLY_FIELDS) as [StepId, readonly string[]][];

describe("a family's save keeps the school's own fields as stored", () => {
  it.each(steps)("%s: a code the family sends is not stored when the school has none", async (step, fields) => {
    const sent = Object.fromEntries(fields.map((field) => [field, `FAMILY-${field}`.slice(0, 30)]));
    await save(step, { ...(await stepData(step)), ...sent });
    const stored = await stepData(step);
    for (const field of fields) expect(stored[field], field).toBeUndefined();
  });

  it.each(steps)("%s: the school's code stays, whatever the family sends or leaves out", async (step, fields) => {
    const school = Object.fromEntries(fields.map((field) => [field, `BUE-${fields.indexOf(field) + 1}`]));
    await storeCodes(step, school);
    const { ...withoutCodes } = await stepData(step);
    for (const field of fields) delete withoutCodes[field];
    // Left out of the body: kept.
    await save(step, withoutCodes);
    expect(await stepData(step)).toMatchObject(school);
    // Changed in the body: still the school's.
    await save(step, { ...withoutCodes, ...Object.fromEntries(fields.map((field) => [field, "CHANGED"])) });
    expect(await stepData(step)).toMatchObject(school);
  });

  it("still saves the family's own fields of the same step", async () => {
    const data = await stepData("studentFile");
    await save("studentFile", { ...data, email: "nuevo.correo@example.ec", studentCode: "X" });
    const stored = await stepData("studentFile");
    expect(stored.email).toBe("nuevo.correo@example.ec");
    expect(stored.studentCode).toBe("BUE-1");
  });
});
