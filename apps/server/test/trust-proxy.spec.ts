import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, createUser, currentSchoolYearId, type TestApp } from "./support/test-app.ts";

/*
 * ASVS 4.1.3: behind a proxy, the client's address is the one the last trusted proxy saw, not
 * what the client writes at the left of X-Forwarded-For. It feeds the sign-in throttles and the
 * audit log. (The test's requests come from 127.0.0.1, the "proxy".)
 */

let listed: TestApp;
let everyHop: TestApp;
beforeAll(async () => {
  listed = await createTestApp({ TRUST_PROXY: "loopback" });
  everyHop = await createTestApp({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await listed?.close();
  await everyHop?.close();
});

/** A wrong password sent through the "proxy" with a forged left-most address; the audit's address. */
async function recordedAddress(t: TestApp): Promise<string> {
  const { email, id } = await createUser(t);
  const response = await call(t, {
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: "127.0.0.1",
    headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.9" },
    payload: { schoolYearId: await currentSchoolYearId(t), email, password: "not the password at all" },
  });
  expect(response.statusCode).toBe(401);
  const row = await t.ctx.db
    .selectFrom("audit_events")
    .select("ip")
    .where("event", "=", "login.failure")
    .where("subject_user_id", "=", id)
    .executeTakeFirstOrThrow();
  return row.ip;
}

describe("TRUST_PROXY (ASVS 4.1.3)", () => {
  it("with the proxies' addresses, the client is the address the proxy saw", async () => {
    expect(await recordedAddress(listed)).toBe("203.0.113.9");
  });

  it("with true, the client could write its own address: why the README asks for the proxies' addresses", async () => {
    expect(await recordedAddress(everyHop)).toBe("6.6.6.6");
  });
});
