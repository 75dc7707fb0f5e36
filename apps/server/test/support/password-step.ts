import { expect } from "vitest";
import { call, currentSchoolYearId, sessionCookie, TEST_PASSWORD, type TestApp } from "./test-app.ts";

/** The sign-in's password step alone: the cookie of the session waiting for the second factor. */
export async function passwordStep(t: TestApp, email: string): Promise<string> {
  const response = await call(t, {
    method: "POST",
    url: "/api/auth/login",
    payload: { schoolYearId: await currentSchoolYearId(t), email, password: TEST_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response);
}
