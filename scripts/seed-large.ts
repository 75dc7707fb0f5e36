// A large school for trying the staff's lists at scale: realistic families, students,
// complete enrollment files and their requests, written in batches. Uses the app's own
// configuration, like `npm start`: DATABASE_URL, else the SQLite file in DATA_DIR (./data).
//
//   npm run seed:large -- --families 5000              # ~9,500 requests in the current year
//   npm run seed:large -- --requests 100000            # stop at 100,000 current-year requests
//   npm run seed:large -- --families 2000 --years      # also the 2 previous years (3 in all)
//   npm run seed:large -- --families 2000 --years 5
//
// Options: --seed N (same seed, same school), --test-share 0.03 (share of Test-role families).
// It may run beside a running server (each batch is one write transaction; on PostgreSQL the ids
// come from the tables' sequences). Every generated account's password is printed at the end.
import { parseArgs } from "node:util";
import { bootstrap } from "../apps/server/src/bootstrap.ts";
import { ConfigError, loadConfig } from "../apps/server/src/config.ts";
import { seedLargeSchool } from "../apps/server/src/demo/large-school.ts";

export const SEED_PASSWORD = "seed-large-school-2025";

const USAGE = `Fills the database with a large school (families, students, enrollment files, requests).

  npm run seed:large -- --families N [--years [K]] [--seed N] [--test-share 0.03]
  npm run seed:large -- --requests N [--years [K]]

--years alone fills the current year and the 2 before it; --years K fills K years.`;

function positive(name: string, value: string | undefined, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number (got ${value})`);
  return n;
}

async function main(): Promise<void> {
  // `--years` may stand alone: give it its default before parsing.
  const argv = process.argv.slice(2);
  const args = argv.flatMap((arg, i) =>
    arg === "--years" && (argv[i + 1] === undefined || argv[i + 1]!.startsWith("--")) ? [arg, "3"] : [arg],
  );
  const { values } = parseArgs({
    args,
    options: {
      families: { type: "string" },
      requests: { type: "string" },
      years: { type: "string" },
      seed: { type: "string" },
      "test-share": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help || (!values.families && !values.requests)) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const testShare = values["test-share"] === undefined ? undefined : Number(values["test-share"]);
  if (testShare !== undefined && !(testShare >= 0 && testShare <= 1))
    throw new Error("--test-share is between 0 and 1");

  const config = loadConfig();
  const { ctx, handle } = await bootstrap(config, () => {});
  try {
    console.log(`Seeding ${ctx.engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : `SQLite in ${config.dataDir}`} …`);
    const result = await seedLargeSchool(ctx.db, ctx.engine, {
      families: positive("families", values.families),
      requests: positive("requests", values.requests),
      years: positive("years", values.years, 1),
      seed: positive("seed", values.seed),
      testShare,
      passwordHash: await ctx.hasher.hash(SEED_PASSWORD),
      dataDir: config.dataDir,
      log: (line) => console.log(line),
    });
    const statuses = Object.entries(result.byStatus)
      .sort(([, a], [, b]) => b - a)
      .map(([status, n]) => `${status} ${n}`)
      .join(", ");
    console.log(`
Created in ${result.seconds} s:
  school years   ${result.years.map((y) => `${y.label} (id ${y.id})`).join(", ")}
  families       ${result.families} (${result.testFamilies} Test-role, their rows flagged as test data)
  students       ${result.students}
  files          ${result.files} (${result.drafts} still being filled in, no request)
  requests       ${result.requests} (${result.currentYearRequests} in the current year)
  by status      ${statuses}
Accounts: e-mails ending in "${result.tag}<n>@…" (see the users table), password "${SEED_PASSWORD}".`);
  } finally {
    ctx.mailer.close();
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
