// Signs an account in for the scripts (benchmarks and checks), passing MFA for real:
// staff set it up at their first sign-in with the key they are shown (kept here for their next
// sign-ins in this run) and type the code computed from it with the server's own library, a new
// step's code each time (a code is accepted once).
import type { FastifyInstance } from "fastify";
import { nextTotpCode } from "../apps/server/test/support/totp.ts";

type Post = (url: string, body: unknown, cookie?: string) => Promise<{ json: Record<string, unknown>; cookie: string }>;

const keys = new Map<string, string>();

export function fetchPost(base: string): Post {
  return async (url, body, cookie) => {
    const response = await fetch(`${base}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    const line = response.headers.getSetCookie().find((entry) => /portal_sid=/.test(entry));
    return { json: (await response.json()) as Record<string, unknown>, cookie: line?.split(";")[0] ?? cookie ?? "" };
  };
}

export function injectPost(app: FastifyInstance, remoteAddress?: string): Post {
  return async (url, body, cookie) => {
    const response = await app.inject({
      method: "POST",
      url,
      remoteAddress,
      payload: body as object,
      headers: cookie ? { cookie } : {},
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    const sid = response.cookies.find((c) => c.name.endsWith("portal_sid"));
    return { json: response.json(), cookie: sid ? `${sid.name}=${sid.value}` : (cookie ?? "") };
  };
}

/** The full session's cookie (`name=value`). */
export async function signIn(
  post: Post,
  login: { schoolYearId: number; email: string; password: string },
  where = "",
): Promise<string> {
  const first = await post("/api/auth/login", login);
  const key = `${where}|${login.email}`;
  if (first.json.mfa === "enrol") {
    const setup = await post("/api/auth/mfa/setup", {}, first.cookie);
    keys.set(key, String(setup.json.secret));
    return (await post("/api/auth/mfa/confirm", { code: await nextTotpCode(keys.get(key)!) }, first.cookie)).cookie;
  }
  if (first.json.mfa === "verify") {
    const secret = keys.get(key);
    if (!secret) throw new Error(`${login.email}: MFA was set up outside this run`);
    return (await post("/api/auth/mfa/verify", { code: await nextTotpCode(secret) }, first.cookie)).cookie;
  }
  return first.cookie;
}
