import type { ServerProcess } from "../apps/server/test/support/server-process.ts";
import { freePort } from "../apps/server/test/support/server-process.ts";
import { startSmtp } from "../apps/server/test/support/smtp.ts";
import { withDatabase } from "./bench-database.ts";
import { benchLogFile, type ProductionServer, startProductionServer } from "./bench-production.ts";
import { stopBenchServer } from "./bench-server.ts";

export interface MailingBench<S> {
  database: Awaited<ReturnType<typeof withDatabase>>;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  dataDir: string;
  /** What `prepare` seeded. */
  school: S;
  seedSeconds: number;
  started: ProductionServer;
}

/**
 * A benchmark whose server sends e-mail: a fresh database seeded by `prepare`, a real SMTP server
 * on loopback, and the server as deployed (bench-production.ts) delivering to it. Everything is
 * stopped and the database dropped after `body`, whatever happens.
 */
export async function withMailingBench<S>(
  opts: {
    engine: string;
    name: string;
    prepare: (dataDir: string, env: Record<string, string>) => Promise<S>;
    nodeArgs?: string[];
  },
  body: (bench: MailingBench<S>) => Promise<void>,
): Promise<void> {
  const database = await withDatabase(opts.engine, opts.name);
  const smtpPort = await freePort();
  const smtp = await startSmtp(smtpPort);
  let server: ServerProcess | null = null;
  try {
    const dataDir = database.env.DATA_DIR!;
    const seedStarted = performance.now();
    const school = await opts.prepare(dataDir, database.env);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const started = await startProductionServer(
      { ...database.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      benchLogFile(dataDir),
      opts.nodeArgs ?? [],
    );
    server = started.server;
    await body({ database, smtp, dataDir, school, seedSeconds, started });
  } finally {
    await stopBenchServer(server);
    await smtp.close();
    await database.drop();
  }
}
