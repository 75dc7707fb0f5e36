import sharp from "sharp";
import { buildApp } from "./app.ts";
import { bootstrap } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo/demo.ts";
import { deleteExpiredSessions } from "./kernel/sessions.ts";
import { closePdfPool, startPdfWorkers } from "./lib/pdf-pool.ts";
import { BREACH_REMINDER_INTERVAL_MS, remindBreachClocks } from "./modules/breaches/breach-reminders.ts";
import { CAMPAIGN_SWEEP_INTERVAL_MS, sweepCampaigns } from "./modules/campaigns/campaign-schedule.ts";
import { purgeElectionRegisters, REGISTER_PURGE_INTERVAL_MS } from "./modules/elections/register-purge.ts";
import { FAMILY_REMINDER_INTERVAL_MS, remindFamilies } from "./modules/reminders/reminder-sweep.ts";

// Opening day's memory: libvips keeps up to 50 MB of decoded images for reuse and
// decodes each photo on several threads. Photos here are decoded once, re-encoded and dropped, so
// the cache buys nothing, and one thread per photo keeps peak memory down while the libuv pool
// still encodes several photos at once.
sharp.cache(false);
sharp.concurrency(1);

/**
 * On SIGTERM, requests on connections opened before the signal are still served this long (they
 * may have been sent before it), then the server stops accepting (plugins/drain.ts).
 */
const DRAIN_GRACE_MS = 1_000;
/** An e-mail attempt under way gets this long to finish; the forced exit comes 5 s after the drain's limit. */
const OUTBOX_STOP_MS = 3_000;
/** Busy connections are cut past this; under the 30 s most orchestrators wait before SIGKILL. */
const DRAIN_TIMEOUT_MS = 20_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { ctx, handle } = await bootstrap(config);
  const { app, drain } = await buildApp(ctx, { logger: config.env !== "test" });

  const sweep = setInterval(() => {
    const now = Date.now();
    deleteExpiredSessions(
      ctx.db,
      new Date(now).toISOString(),
      new Date(now - config.sessionIdleMs).toISOString(),
    ).catch((error) => app.log.warn({ err: error }, "session sweep failed"));
  }, 15 * 60_000);
  sweep.unref();
  const electionPurge = () =>
    purgeElectionRegisters(ctx).catch((error) => app.log.warn({ err: error }, "election register purge failed"));
  void electionPurge();
  const electionSweep = setInterval(electionPurge, REGISTER_PURGE_INTERVAL_MS);
  electionSweep.unref();
  const breachReminders = () =>
    remindBreachClocks(ctx).catch((error) => app.log.warn({ err: error }, "breach reminders failed"));
  void breachReminders();
  const breachSweep = setInterval(breachReminders, BREACH_REMINDER_INTERVAL_MS);
  breachSweep.unref();
  // Stopped between two families on shutdown: the next start sends the rest, never one twice.
  const familyRemindersStop = new AbortController();
  const familyReminders = () =>
    remindFamilies(ctx, new Date(), { signal: familyRemindersStop.signal }).catch((error) =>
      app.log.warn({ err: error }, "family reminders failed"),
    );
  void familyReminders();
  const familyReminderSweep = setInterval(familyReminders, FAMILY_REMINDER_INTERVAL_MS);
  familyReminderSweep.unref();
  const campaigns = () =>
    sweepCampaigns(ctx).catch((error) => app.log.warn({ err: error }, "re-enrollment campaign sweep failed"));
  void campaigns();
  const campaignSweep = setInterval(campaigns, CAMPAIGN_SWEEP_INTERVAL_MS);
  campaignSweep.unref();

  // Stopped in this order on SIGTERM/SIGINT; a failing step is logged and the next still runs.
  const closers: [string, () => unknown][] = [
    ["session sweep", () => clearInterval(sweep)],
    ["election register purge", () => clearInterval(electionSweep)],
    ["breach reminders", () => clearInterval(breachSweep)],
    ["re-enrollment campaigns", () => clearInterval(campaignSweep)],
    [
      "family reminders",
      () => {
        clearInterval(familyReminderSweep);
        familyRemindersStop.abort();
      },
    ],
    [
      "http",
      async () => {
        const { cut } = await drain.run({ graceMs: DRAIN_GRACE_MS, timeoutMs: DRAIN_TIMEOUT_MS });
        if (cut > 0) app.log.warn(`${cut} connection(s) still busy after ${DRAIN_TIMEOUT_MS} ms were cut`);
        await app.close();
      },
    ],
    // After the requests (the last ones may queue mails); what is not out yet waits in the outbox.
    // A delivery cut short here is retried by the next start once its 5-minute claim runs out.
    ["e-mail outbox", () => ctx.outbox.stop(OUTBOX_STOP_MS)],
    // After the outbox: a delivery being stopped may still be drawing its attachments.
    ["PDF workers", () => closePdfPool()],
    ["mailer", () => ctx.mailer.close()],
    ["database", () => handle.close()],
  ];
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: draining requests, then closing the database`);
    const force = setTimeout(() => process.exit(1), DRAIN_TIMEOUT_MS + 5_000);
    force.unref();
    for (const [name, close] of closers) {
      try {
        await close();
      } catch (error) {
        app.log.error({ err: error }, `stopping the ${name} failed`);
      }
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  // The threads that rebuild uploaded PDFs and draw the documents, loaded before a family waits on them.
  await startPdfWorkers((error) => app.log.error({ err: error }, "the PDF drawing thread did not start"));
  const address = await app.listen({ port: config.port, host: config.host });
  // Mails queued before a restart, or by another process, go out from now on.
  ctx.outbox.start(app.log);
  // PORT=0 picks a free port, which the configured origin cannot know.
  const shown = config.port === 0 ? `http://localhost:${new URL(address).port}` : config.publicUrl;
  console.log(`\nSchool portal ready on ${shown} (database: ${handle.engine})`);
  console.log(
    isLoopback(config.host)
      ? `Listening on ${config.host} only: reachable from this machine. Set HOST=0.0.0.0 to accept other machines (behind a TLS reverse proxy).`
      : `Listening on ${config.host}: reachable from other machines.`,
  );
  if (config.seedDemo) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(24)} ${account.role}`);
    console.log(
      "Admin, Secretaria and Consulta set up two-step verification (an authenticator app) at their first sign-in.",
    );
    console.log(`E-mails are written to ${config.dataDir}/outbox unless SMTP_URL is set.\n`);
  }
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
