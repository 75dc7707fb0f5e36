import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentFileBody } from "./support/documents.ts";
import { startFile, uploadPdf } from "./support/enrollment.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

// U+202E (right-to-left override) could disguise a name in the staff's lists.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("bidirectional and zero-width characters in a step", () => {
  it("a step save with U+202E in a name is 400, naming the field in the user's language, and saves nothing", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    const uploadId = (await uploadPdf(t, family.cookie, fileId)).json().id as number;
    const url = `/api/enrollment/files/${fileId}/steps/studentFile`;

    const bad = await call(t, {
      method: "PUT",
      url,
      cookie: family.cookie,
      payload: studentFileBody(uploadId, { names: "Ana\u202Eztirom" }),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe("VALIDATION_ERROR");
    expect(errorOf(bad).fields).toEqual({
      names: "The text contains invisible or text-direction characters that are not allowed",
    });
    const step = await call(t, { method: "GET", url, cookie: family.cookie });
    expect(step.json()).toMatchObject({ data: null, completed: false });

    const good = await call(t, { method: "PUT", url, cookie: family.cookie, payload: studentFileBody(uploadId) });
    expect(good.statusCode, good.body).toBe(200);
  });
});
