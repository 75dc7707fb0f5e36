import { buildApp } from "./app.ts";
import { bootstrap } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./db/seeds/demo.ts";
import { deleteExpiredSessions } from "./modules/auth/sessions.repository.ts";

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
  const { app } = await buildApp(ctx, { logger: config.env !== "test" });

  const sweep = setInterval(() => {
    const now = Date.now();
    deleteExpiredSessions(
      ctx.db,
      new Date(now).toISOString(),
      new Date(now - config.sessionIdleMs).toISOString(),
    ).catch((error) => app.log.warn({ err: error }, "session sweep failed"));
  }, 15 * 60_000);
  sweep.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: draining requests, then closing the database`);
    clearInterval(sweep);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    ctx.mailer.close();
    await handle.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  const address = await app.listen({ port: config.port, host: config.host });
  const shown = config.publicUrl ?? `http://localhost:${new URL(address).port}`;
  console.log(`\nSchool portal ready on ${shown} (database: ${handle.engine})`);
  if (config.seedDemo) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(24)} ${account.role}`);
    console.log(`E-mails are written to ${config.dataDir}/outbox unless SMTP_URL is set.\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
