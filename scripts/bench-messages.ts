// Messages to families benchmark (docs/rules/messages.md "Sending"): a school of 2,000 families
// (seed:large's generator, the current year only) on a fresh temporary database, the real server in
// production mode (bench-production.ts) delivering to a real SMTP server on loopback (smtp-server,
// the integration tests' own). Three runs, each:
//   - GET /api/health idle for BENCH_SECONDS (a few sequential probe loops): the baseline;
//   - the Secretaria sends one message to the families of the whole request list (every family of
//     the year but the Test role's) while another staff session pages through the request list;
//     the time from POST /api/messages to its answer, every e-mail queued (goal ≤ 5 s), and health
//     p99 meanwhile (goal ≤ 100 ms) next to the idle p99 of the same run;
//   - the outbox drained at the SMTP server's pace: the time until every e-mail of the message is
//     sent, and whether the server received each address exactly once (nothing lost, none twice).
// Figures are printed next to their goals, never asserted; the machine's load average is printed too.
//
//   npm run bench:messages
//   BENCH_ENGINE=postgres npm run bench:messages
//   BENCH_FAMILIES=500 BENCH_RUNS=1 npm run bench:messages

import { bootstrap } from "../apps/server/src/bootstrap.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { seedLargeSchool } from "../apps/server/src/demo/large-school.ts";
import { withMailingBench } from "./bench-mailing.ts";
import { BENCH_PUBLIC_URL, loadAverageLine } from "./bench-production.ts";
import { currentYearId, insertBenchSecretaries } from "./bench-server.ts";
import { probeHealth } from "./http-load.ts";
import { fetchPost, signIn as staffSignIn } from "./staff-sign-in.ts";

const ENGINE = process.env.BENCH_ENGINE ?? "sqlite";
const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PROBES = 4;
const PASSWORD = "benchmark passphrase 2025";
const GOALS = { queueSeconds: 5, p99Ms: 100 };

async function prepareSchool(dataDir: string, env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "false", LOG_LEVEL: "silent", ...env });
  const { ctx, handle } = await bootstrap(config, () => {});
  const yearId = await currentYearId(ctx.db);
  const passwordHash = await ctx.hasher.hash(PASSWORD);
  const seeded = await seedLargeSchool(ctx.db, ctx.engine, {
    families: FAMILIES,
    years: 1,
    seed: 23,
    passwordHash,
    dataDir,
  });
  await insertBenchSecretaries(ctx.db, passwordHash);
  await handle.close();
  return { yearId, families: seeded.families };
}

async function postJson(base: string, url: string, cookie: string, body: unknown) {
  const response = await fetch(`${base}${url}`, {
    method: "POST",
    headers: { cookie, origin: BENCH_PUBLIC_URL, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function main() {
  await withMailingBench(
    {
      engine: ENGINE,
      name: "bench-messages",
      prepare: prepareSchool,
    },
    async ({ database, smtp, dataDir, school, seedSeconds, started }) => {
      const base = started.base;
      const login = (email: string) =>
        staffSignIn(fetchPost(base), { schoolYearId: school.yearId, email, password: PASSWORD }, base);
      const secretary = await login("secretaria@bench.test");
      const colleague = await login("secretaria2@bench.test");
      const audience = { audience: { source: "requests", filters: {} }, includeTestAccounts: false };
      const reach = (await postJson(base, "/api/messages/audience", secretary, audience)) as {
        families: number;
        addresses: number;
      };
      const db = openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir });

      const runs = [];
      for (let run = 1; run <= RUNS; run++) {
        const idleUntil = performance.now() + SECONDS * 1000;
        const idle = await probeHealth(base, PROBES, () => performance.now() > idleUntil);
        let finished = false;
        const from = Date.now();
        const healthDuring = probeHealth(base, PROBES, () => finished);
        // Another secretary at work meanwhile: the request list, page after page.
        let staffPages = 0;
        const staffWork = (async () => {
          while (!finished) {
            const page = (staffPages % 20) + 1;
            const response = await fetch(`${base}/api/requests?page=${page}&pageSize=25`, {
              headers: { cookie: colleague },
            });
            await response.arrayBuffer();
            staffPages += 1;
          }
        })();
        const received = smtp.mails.length;
        const sendStarted = performance.now();
        const message = (await postJson(base, "/api/messages", secretary, {
          ...audience,
          texts: {
            mode: "perLanguage",
            texts: {
              es: { subject: `Reunión de padres ${run}`, body: "Estimadas familias:\n\nLes esperamos el lunes." },
              en: { subject: `Parents' meeting ${run}`, body: "Dear families,\n\nWe expect you on Monday." },
              fr: { subject: `Réunion des parents ${run}`, body: "Chères familles,\n\nNous vous attendons lundi." },
            },
          },
        }).finally(() => {
          finished = true;
        })) as { id: number; addresses: number; families: number };
        const queueMs = performance.now() - sendStarted;
        const during = await healthDuring;
        await staffWork;
        const blockMs = started.longestBlockMs(from, Date.now());
        // The outbox drains at the mail server's pace.
        const deadline = Date.now() + 600_000;
        let drainMs = 0;
        for (;;) {
          const left = await db.db
            .selectFrom("message_recipients as r")
            .innerJoin("mail_outbox as o", "o.id", "r.outbox_id")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("r.message_id", "=", message.id)
            .where("o.status", "!=", "sent")
            .executeTakeFirstOrThrow();
          if (Number(left.n) === 0) {
            drainMs = performance.now() - sendStarted;
            break;
          }
          if (Date.now() > deadline) throw new Error(`${left.n} e-mails still in the outbox after 10 minutes`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const subjects = new Set([`Reunión de padres ${run}`, `Parents' meeting ${run}`, `Réunion des parents ${run}`]);
        const mine = smtp.mails.slice(received).filter((mail) => subjects.has(mail.subject));
        const addresses = new Set(mine.flatMap((mail) => mail.to));
        runs.push({
          run,
          idle,
          during,
          queueMs,
          drainMs,
          blockMs,
          staffPages,
          message,
          received: mine.length,
          unique: addresses.size,
        });
      }
      await db.close();

      const ms = (value: number) => `${value.toFixed(1)} ms`;
      const verdict = (ok: boolean) => (ok ? "ok" : "OVER GOAL");
      console.log(
        `${ENGINE}: ${school.families} families seeded in ${seedSeconds.toFixed(0)} s; the request list reaches ${reach.families} families, ${reach.addresses} addresses; ${RUNS} runs, ${PROBES} health probes, production mode, a real SMTP server on loopback`,
      );
      for (const r of runs) {
        console.log(
          `  run ${r.run}: message ${r.message.id} to ${r.message.families} families, ${r.message.addresses} addresses`,
        );
        console.log(
          `    queued: ${(r.queueMs / 1000).toFixed(2)} s   goal ≤ ${GOALS.queueSeconds} s   ${verdict(r.queueMs <= GOALS.queueSeconds * 1000)}   (another secretary read ${r.staffPages} list pages meanwhile)`,
        );
        console.log(
          `    health idle:   p50 ${ms(r.idle.p50)}  p99 ${ms(r.idle.p99)}  (${r.idle.count} requests, ${r.idle.errors} errors)`,
        );
        console.log(
          `    health during: p50 ${ms(r.during.p50)}  p99 ${ms(r.during.p99)}  (${r.during.count} requests, ${r.during.errors} errors)   goal p99 ≤ ${GOALS.p99Ms} ms   ${verdict(r.during.p99 <= GOALS.p99Ms)}   (${(r.during.p99 / Math.max(r.idle.p99, 0.001)).toFixed(1)} × idle)`,
        );
        console.log(`    longest event-loop block while queuing: ${ms(r.blockMs)}`);
        console.log(
          `    outbox drained: ${(r.drainMs / 1000).toFixed(1)} s after the send; the SMTP server received ${r.received} e-mails for ${r.unique} addresses (${r.received === r.message.addresses && r.unique === r.message.addresses ? "nothing lost, none twice" : "MISMATCH"})`,
        );
      }
      const spread = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} (${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)})`;
      };
      console.log("  over the runs:");
      console.log(
        `    queued s: ${spread(runs.map((r) => r.queueMs / 1000))}   goal ≤ ${GOALS.queueSeconds} s   ${verdict(runs.every((r) => r.queueMs <= GOALS.queueSeconds * 1000))}`,
      );
      console.log(
        `    health p99 during ms: ${spread(runs.map((r) => r.during.p99))}   goal ≤ ${GOALS.p99Ms} ms   ${verdict(runs.every((r) => r.during.p99 <= GOALS.p99Ms))}`,
      );
      console.log(`    health p99 idle ms: ${spread(runs.map((r) => r.idle.p99))}`);
      console.log(`    drained s: ${spread(runs.map((r) => r.drainMs / 1000))}`);
      console.log(loadAverageLine());
    },
  );
}

await main();
