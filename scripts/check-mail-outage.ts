import type { CaptchaChallenge } from "@portal/shared/schemas/responses";
import sharp from "sharp";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../apps/server/src/demo/demo.ts";
import { THROTTLE } from "../apps/server/src/modules/auth/throttle.ts";
import { everyStepBody, minimalPdf } from "../apps/server/test/support/documents.ts";
import { solvedCaptchaPayload } from "../apps/server/test/support/proof-of-work.ts";
import { freePort, startServerProcess, waitUntil } from "../apps/server/test/support/server-process.ts";
import { startSmtp } from "../apps/server/test/support/smtp.ts";
import { withDatabase } from "./bench-database.ts";
import { startSmtpFront } from "./smtp-fault-front.ts";
import { fetchPost, signIn as staffSignIn } from "./staff-sign-in.ts";

/**
 * `npm run check:mail-outage` ("done when"): a real server process whose mail server
 * refuses connections for half of OUTAGE_SECONDS (default 60), then takes them and never answers
 * for the other half, while families sign up, ask for password resets and send files and the
 * secretary accepts them. Then the mail server comes back. Prints, per engine: every request's
 * outcome and slowest time (goal: none failed, none over 2 s), and the mails: each outbox row
 * delivered, each Message-ID received exactly once (goal: all arrive, none twice).
 */
const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 60);
const ENGINES = (process.env.CHECK_ENGINES ?? "sqlite,postgres").split(",");
const GOAL_MS = 2000;
const RESET_EMAILS = DEMO_ACCOUNTS.map((account) => account.email);

interface Timing {
  kind: string;
  status: number;
  ms: number;
}

function client(base: string, timings: Timing[]) {
  let ip = 0;
  return async function call(
    kind: string | null,
    method: string,
    url: string,
    opts: { cookie?: string; json?: unknown; form?: FormData } = {},
  ): Promise<{ status: number; body: unknown; cookie?: string }> {
    const headers: Record<string, string> = { "x-forwarded-for": `10.9.${(ip >> 8) & 255}.${ip++ & 255}` };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.json !== undefined) headers["content-type"] = "application/json";
    const started = performance.now();
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
    });
    const text = await response.text();
    if (kind) timings.push({ kind, status: response.status, ms: performance.now() - started });
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith("portal_sid="))
      ?.split(";")[0];
    return { status: response.status, body: text ? JSON.parse(text) : undefined, cookie };
  };
}

async function run(engine: string): Promise<boolean> {
  const database = await withDatabase(engine, "mail-outage");
  const smtp = await startSmtp();
  const frontPort = await freePort();
  const front = await startSmtpFront(frontPort, Number(new URL(smtp.url).port));
  const frontUrl = `smtp://127.0.0.1:${frontPort}`;
  const port = await freePort();
  const server = startServerProcess({
    ...database.env,
    NODE_ENV: "development",
    SEED_DEMO: "true",
    HOST: "127.0.0.1",
    PORT: String(port),
    SMTP_URL: frontUrl,
    SMTP_TIMEOUT_SECONDS: "5",
    // Short first retry so the check ends soon after recovery (production: 15 s).
    MAIL_RETRY_FIRST_SECONDS: "2",
    TRUST_PROXY: "true",
    LOG_LEVEL: "error",
  });
  const db = openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR ?? "" }).db;
  try {
    await waitUntil(server, "ready", () => (server.stdout().includes("ready on") ? true : undefined));
    const timings: Timing[] = [];
    const call = client(`http://127.0.0.1:${port}`, timings);
    const years = (await call(null, "GET", "/api/school-years")).body as { id: number }[];
    const schoolYearId = years[0]?.id ?? 0;
    // Demo staff set MFA up at their first sign-in.
    const login = (email: string) =>
      staffSignIn(fetchPost(`http://127.0.0.1:${port}`), { schoolYearId, email, password: DEMO_PASSWORD });
    const secretaria = await login("secretaria@demo.local");
    const family = await login("familia1@demo.local");
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2878c8" } })
      .jpeg()
      .toBuffer();
    const upload = async (fileId: number, kind: string, content: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.append("file", new Blob([content], { type }), name);
      const answer = await call(null, "POST", `/api/enrollment/files/${fileId}/uploads?kind=${kind}`, {
        cookie: family,
        form,
      });
      return (answer.body as { id: number }).id;
    };

    let step = 0;
    const once = async () => {
      const captcha = solvedCaptchaPayload((await call(null, "GET", "/api/auth/captcha")).body as CaptchaChallenge);
      await call("sign-up", "POST", "/api/auth/register", {
        json: {
          firstSurname: "Andrade",
          secondSurname: "",
          names: "María",
          email: `outage-${Date.now()}-${step}@example.ec`,
          password: "correct horse battery staple",
          passwordConfirmation: "correct horse battery staple",
          phone: "+593 99 765 4321",
          language: "es",
          captcha,
        },
      });
      // Each account may ask for a few resets per 15 minutes (THROTTLE.forgotAccount): the demo
      // accounts take turns until each has had its share. The rounds outnumber that share since
      // the captcha is solved in milliseconds, and a refusal by the throttle is not the outage's.
      const reset = step / 3;
      if (step % 3 === 0 && reset < RESET_EMAILS.length * THROTTLE.forgotAccount.limit) {
        const email = RESET_EMAILS[reset % RESET_EMAILS.length];
        await call("forgot-password", "POST", "/api/auth/forgot-password", { json: { email } });
      }
      const file = (await call(null, "POST", "/api/enrollment/files", { cookie: family, json: {} })).body as {
        id: number;
      };
      const bodies = await everyStepBody({
        schoolYearId,
        pdf: (kind) => upload(file.id, kind, minimalPdf(), `${kind}.pdf`, "application/pdf"),
        photo: (kind) => upload(file.id, kind, photo, `${kind}.jpg`, "image/jpeg"),
      });
      for (const [name, body] of bodies) {
        await call(null, "PUT", `/api/enrollment/files/${file.id}/steps/${name}`, { cookie: family, json: body });
      }
      await call("send", "POST", `/api/enrollment/files/${file.id}/send`, { cookie: family });
      const request = await db.selectFrom("requests").select("id").where("file_id", "=", file.id).executeTakeFirst();
      if (request) {
        await call("status change", "POST", `/api/requests/${request.id}/actions`, {
          cookie: secretaria,
          json: { action: "accept", expectedVersion: 1 },
        });
      }
      step++;
    };
    const phase = async (mode: "refuse" | "blackhole", seconds: number) => {
      await front.set(mode);
      const end = Date.now() + seconds * 1000;
      while (Date.now() < end) await once();
    };

    await phase("refuse", OUTAGE_SECONDS / 2);
    await phase("blackhole", OUTAGE_SECONDS / 2);
    const queued = await db.selectFrom("mail_outbox").select(["message_id", "kind", "status"]).execute();
    const recovered = Date.now();
    await front.set("forward");
    for (;;) {
      const pending = await db
        .selectFrom("mail_outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow();
      if (Number(pending.n) === 0) break;
      if (Date.now() - recovered > 10 * 60_000) throw new Error(`${pending.n} mails still pending after 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const deliveredAfter = Date.now() - recovered;
    const rows = await db.selectFrom("mail_outbox").select(["message_id", "kind", "status"]).execute();

    const received = new Map<string, number>();
    for (const mail of smtp.mails) {
      const id = /^Message-ID: (.*)$/im.exec(mail.raw)?.[1]?.trim() ?? "";
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    const missing = rows.filter((row) => !received.has(row.message_id)).length;
    const twice = [...received.values()].filter((count) => count > 1).length;
    const notSent = rows.filter((row) => row.status !== "sent").length;

    console.log(`\n${engine}: ${OUTAGE_SECONDS} s of mail server outage (refused, then black-holed), ${step} rounds`);
    let ok = true;
    for (const kind of ["sign-up", "forgot-password", "send", "status change"]) {
      const mine = timings.filter((timing) => timing.kind === kind);
      const failed = mine.filter((timing) => timing.status >= 400).length;
      const slowest = Math.max(0, ...mine.map((timing) => timing.ms));
      const good = failed === 0 && slowest <= GOAL_MS;
      ok &&= good;
      console.log(
        `  ${kind.padEnd(16)} ${String(mine.length).padStart(4)} requests, ${failed} failed, slowest ${slowest.toFixed(0)} ms ` +
          `(goal: 0 failed, ≤ ${GOAL_MS} ms) ${good ? "ok" : "MISSED"}`,
      );
    }
    const kinds = new Map<string, number>();
    for (const row of rows) kinds.set(row.kind, (kinds.get(row.kind) ?? 0) + 1);
    const byKind = [...kinds].map(([kind, count]) => `${kind} ${count}`).join(", ");
    const mailsOk = missing === 0 && twice === 0 && notSent === 0;
    ok &&= mailsOk;
    console.log(
      `  mails queued during the outage: ${queued.length} (${queued.filter((r) => r.status === "sent").length} sent before recovery)`,
    );
    console.log(`  mails in the outbox: ${rows.length} (${byKind})`);
    console.log(
      `  after recovery: all delivered within ${(deliveredAfter / 1000).toFixed(1)} s; not sent ${notSent}, ` +
        `never received ${missing}, received twice ${twice} (goal: 0, 0, 0) ${mailsOk ? "ok" : "MISSED"}`,
    );
    return ok;
  } finally {
    await db.destroy();
    server.child.kill("SIGTERM");
    await server.exited;
    await front.close();
    await smtp.close();
    await database.drop();
  }
}

let allOk = true;
for (const engine of ENGINES) allOk = (await run(engine)) && allOk;
process.exit(allOk ? 0 : 1);
