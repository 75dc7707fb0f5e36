import { randomUUID } from "node:crypto";
import type { Role } from "@portal/shared/roles";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { expect, inject } from "vitest";
import { buildApp } from "../../src/app.ts";
import { bootstrap } from "../../src/bootstrap.ts";
import { loadConfig } from "../../src/config.ts";
import type { AppContext } from "../../src/context.ts";
import { insertUser } from "../../src/kernel/accounts.ts";
import { sha256 } from "../../src/lib/crypto.ts";
import { closePdfPool } from "../../src/lib/pdf-pool.ts";
import { sealTotpKey } from "../../src/modules/mfa/totp-key-store.ts";
import type { DeclaredRoute } from "../../src/plugins/access.ts";
import { startSmtp } from "./smtp.ts";
import { TEST_TOTP_SECRET, totpCode } from "./totp.ts";

export const TEST_PASSWORD = "correct horse battery staple";

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  routes: DeclaredRoute[];
  mails: Awaited<ReturnType<typeof startSmtp>>["mails"];
  close: () => Promise<void>;
}

/**
 * The real app on the run's database, sending e-mail over real SMTP to a local receiver. Each
 * spec file builds its own; tests make their own users (unique e-mails) and share nothing.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { webDist?: string } = {},
): Promise<TestApp> {
  const smtp = await startSmtp();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: inject("dataDir"),
    DATABASE_URL: inject("databaseUrl"),
    SMTP_URL: smtp.url,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    // The specs' portals share one database: each delivers only the mails it queued.
    MAIL_OUTBOX_OWN_ONLY: "true",
    ...env,
  });
  const { ctx, handle } = await bootstrap(config, () => {});
  const { app, routes } = await buildApp(ctx, { webDist: opts.webDist ?? "/nonexistent" });
  // The outbox worker runs as in the server: queued mails are kicked out at once.
  ctx.outbox.start();
  return {
    app,
    ctx,
    routes,
    mails: smtp.mails,
    close: async () => {
      await ctx.outbox.stop();
      await app.close();
      ctx.mailer.close();
      await handle.close();
      await smtp.close();
      await closePdfPool();
    },
  };
}

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomUUID().slice(0, 8)}@test.local`;
}

/** The roles that must sign in with a second factor whatever the settings. */
const MFA_ROLES: readonly Role[] = ["Admin", "Secretaria", "Consulta"];

/**
 * A user; staff who must use MFA (and anyone with `mfa: true`) get it set up with the known test
 * key, so `loginAs` passes the second step the way a person would.
 */
export async function createUser(
  t: TestApp,
  opts: {
    role?: Role;
    activated?: boolean;
    language?: string;
    email?: string;
    password?: string;
    mfa?: boolean;
  } = {},
) {
  const email = opts.email ?? uniqueEmail(opts.role?.toLowerCase() ?? "user");
  const password = opts.password ?? TEST_PASSWORD;
  const id = await insertUser(t.ctx.db, {
    email,
    passwordHash: await t.ctx.hasher.hash(password),
    firstSurname: "Pérez",
    secondSurname: "Gómez",
    names: "Ana Lucía",
    phone: "+593 99 123 4567",
    language: opts.language ?? "es",
    role: opts.role ?? "User",
    activated: opts.activated ?? true,
  });
  if (opts.mfa ?? MFA_ROLES.includes(opts.role ?? "User")) {
    await t.ctx.db
      .updateTable("users")
      .set({ mfa_secret: sealTotpKey(t.ctx.secrets, id, TEST_TOTP_SECRET), mfa_enabled_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
  }
  return { id, email, password };
}

export async function currentSchoolYearId(t: TestApp): Promise<number> {
  const row = await t.ctx.db
    .selectFrom("school_years")
    .select("id")
    .where("is_current", "=", 1)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Logs in and returns the session cookie header value. An account asked for its second factor
 * types the code of its authenticator (the test key, `support/totp.ts`); one asked to set MFA up
 * first does it as a person would (the key it is shown, then a code).
 */
export async function loginAs(
  t: TestApp,
  email: string,
  password = TEST_PASSWORD,
  schoolYearId?: number,
): Promise<string> {
  const response = await call(t, {
    method: "POST",
    url: "/api/auth/login",
    payload: { schoolYearId: schoolYearId ?? (await currentSchoolYearId(t)), email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return passSecondFactor(t, response);
}

/** After a 200 sign-in answer: the full session's cookie, passing the second factor if asked. */
export async function passSecondFactor(t: TestApp, response: LightMyRequestResponse): Promise<string> {
  const pending = sessionCookie(response);
  const step = (response.json() as { mfa: "enrol" | "verify" | null }).mfa;
  if (!step) return pending;
  let secret = TEST_TOTP_SECRET;
  if (step === "enrol") {
    const setup = await call(t, { method: "POST", url: "/api/auth/mfa/setup", cookie: pending });
    if (setup.statusCode !== 200) throw new Error(`MFA setup failed: ${setup.statusCode} ${setup.body}`);
    secret = (setup.json() as { secret: string }).secret;
  }
  // A code is accepted once (docs/security.md, MFA): a person signing in again within 30 s waits
  // for the next code; the helper forgets the last accepted step instead, as that wait would.
  const { user_id } = await t.ctx.db
    .selectFrom("sessions")
    .select("user_id")
    .where("id", "=", sha256(pending.slice(pending.indexOf("=") + 1)))
    .executeTakeFirstOrThrow();
  await t.ctx.db.updateTable("users").set({ mfa_last_step: null }).where("id", "=", user_id).execute();
  const url = step === "enrol" ? "/api/auth/mfa/confirm" : "/api/auth/mfa/verify";
  const done = await call(t, { method: "POST", url, cookie: pending, payload: { code: totpCode(secret) } });
  if (done.statusCode !== 200) throw new Error(`second factor failed: ${done.statusCode} ${done.body}`);
  return sessionCookie(done);
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith("portal_sid"));
  if (!cookie) throw new Error("no session cookie");
  return `${cookie.name}=${cookie.value}`;
}

export async function signedInAs(t: TestApp, role: Role, extra: { language?: string } = {}) {
  const user = await createUser(t, { role, ...extra });
  return { ...user, cookie: await loginAs(t, user.email) };
}

/** A random client address, so per-client throttling in one test never leaks into another. */
export function randomIp(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

/**
 * A download asked for the way a browser asks (every encoding accepted), answered as the file
 * itself: files are never compressed on the way (plugins/compression.ts).
 */
export async function downloadLikeABrowser(t: TestApp, opts: InjectOptions & { cookie?: string }) {
  const response = await call(t, { ...opts, headers: { ...opts.headers, "accept-encoding": "gzip, deflate, br" } });
  expect(response.headers["content-encoding"], opts.url?.toString()).toBeUndefined();
  return response;
}

export function call(t: TestApp, opts: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = opts;
  return t.app.inject({
    remoteAddress: randomIp(),
    ...rest,
    headers: { ...(headers ?? {}), ...(cookie ? { cookie } : {}) },
  });
}

/** Every API error has this shape: a stable code and a non-empty message. */
export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  fields?: Record<string, string>;
} {
  const body = response.json() as { error?: { code: string; message: string; fields?: Record<string, string> } };
  if (!body.error || typeof body.error.code !== "string" || !body.error.message) {
    throw new Error(`not an error body: ${response.body}`);
  }
  return body.error;
}
