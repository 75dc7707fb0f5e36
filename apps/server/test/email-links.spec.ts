import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForMail } from "./support/smtp.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/** Every http(s) URL in an e-mail's decoded body (text and HTML parts). */
function linksIn(decoded: string): string[] {
  return [...decoded.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]);
}

const FORGED = {
  host: "evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  forwarded: "host=evil.example;proto=https",
};

let configured: TestApp;
let unset: TestApp;
beforeAll(async () => {
  // TRUST_PROXY on: even then the forwarded host never reaches a link.
  configured = await createTestApp({ PUBLIC_URL: "https://portal.school.test", TRUST_PROXY: "true" });
  unset = await createTestApp({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await configured?.close();
  await unset?.close();
});

async function resetMailLinks(t: TestApp): Promise<string[]> {
  const user = await createUser(t);
  const before = t.mails.length;
  const response = await call(t, {
    method: "POST",
    url: "/api/auth/forgot-password",
    headers: FORGED,
    payload: { email: user.email },
  });
  expect(response.statusCode).toBe(202);
  const mail = await waitForMail(t.mails, user.email, before);
  return linksIn(mail.decoded).filter((link) => link.includes("/reset-password/"));
}

describe("e-mail links never follow request headers", () => {
  it("a forgot-password request with a forged Host and X-Forwarded-Host mails a link on PUBLIC_URL", async () => {
    const links = await resetMailLinks(configured);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith("https://portal.school.test/reset-password/")).toBe(true);
  });

  it("without PUBLIC_URL (outside production) the link is on http://localhost:PORT, not the forged host", async () => {
    expect(unset.ctx.config.publicUrl).toBe("http://localhost:3000");
    const links = await resetMailLinks(unset);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith("http://localhost:3000/reset-password/")).toBe(true);
  });

  it("the CSRF Origin check compares with the configured origin, not the Host header", async () => {
    const { cookie } = await signedInAs(configured, "User");
    const forged = await call(configured, {
      method: "POST",
      url: "/api/auth/logout",
      cookie,
      headers: { host: "evil.example", origin: "http://evil.example" },
    });
    expect(forged.statusCode).toBe(403);
    expect(errorOf(forged).code).toBe("CSRF_REJECTED");
    const own = await call(configured, {
      method: "POST",
      url: "/api/auth/logout",
      cookie,
      headers: { host: "evil.example", origin: "https://portal.school.test" },
    });
    expect(own.statusCode).toBe(200);
  });
});
