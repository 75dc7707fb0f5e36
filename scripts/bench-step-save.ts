import autocannon from "autocannon";
import { buildApp } from "../apps/server/src/app.ts";
import { bootstrap } from "../apps/server/src/bootstrap.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { insertUser } from "../apps/server/src/kernel/accounts.ts";
import { minimalPdf, multipart, studentFileBody } from "../apps/server/test/support/documents.ts";
import { withDatabase } from "./bench-database.ts";

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const PASSWORD = "benchmark passphrase 2025";

async function run(engine: string): Promise<void> {
  const db = await withDatabase(engine, "bench");
  const config = loadConfig({
    NODE_ENV: "test",
    SEED_DEMO: "true",
    LOG_LEVEL: "silent",
    DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? "10",
    ...db.env,
  });
  const { ctx, handle } = await bootstrap(config, () => {});
  const { app } = await buildApp(ctx, { webDist: "/nonexistent" });
  try {
    const year = await ctx.db
      .selectFrom("school_years")
      .select("id")
      .where("is_current", "=", 1)
      .executeTakeFirstOrThrow();
    const hash = await ctx.hasher.hash(PASSWORD);
    const families: { path: string; cookie: string; body: string }[] = [];
    for (let i = 0; i < FAMILIES; i++) {
      const email = `bench-${i}@bench.local`;
      await insertUser(ctx.db, {
        email,
        passwordHash: hash,
        firstSurname: "Bench",
        secondSurname: "",
        names: `Family ${i}`,
        phone: "+593 99 000 0000",
        language: "es",
        role: "User",
        activated: true,
      });
      const login = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        payload: { schoolYearId: year.id, email, password: PASSWORD },
      });
      const sid = login.cookies.find((c) => c.name.endsWith("portal_sid"));
      if (!sid) throw new Error(`login failed for ${email}: ${login.body}`);
      const cookie = `${sid.name}=${sid.value}`;
      const file = (
        await app.inject({ method: "POST", url: "/api/enrollment/files", headers: { cookie }, payload: {} })
      ).json();
      const form = multipart(minimalPdf());
      const upload = await app.inject({
        method: "POST",
        url: `/api/enrollment/files/${file.id}/uploads?kind=identityDocument`,
        payload: form.payload,
        headers: { ...form.headers, cookie },
      });
      families.push({
        path: `/api/enrollment/files/${file.id}/steps/studentFile`,
        cookie,
        body: JSON.stringify(studentFileBody(upload.json().id, { names: `Niño ${i}` })),
      });
    }
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    let next = 0;
    const load = (duration: number) =>
      autocannon({
        url: address,
        connections: FAMILIES,
        duration,
        // One family per connection: each saves its own child's file, as 50 parents would at once.
        setupClient: (client) => {
          const family = families[next++ % families.length]!;
          client.setRequests([
            {
              method: "PUT",
              path: family.path,
              headers: { "content-type": "application/json", cookie: family.cookie },
              body: family.body,
            },
          ]);
        },
      });
    if (WARMUP_S > 0) await load(WARMUP_S);
    const result = await load(DURATION_S);
    const p99 = result.latency.p99;
    console.log(
      `${engine.padEnd(10)} step save, ${FAMILIES} families, ${DURATION_S} s (after ${WARMUP_S} s warm-up): ` +
        `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${p99} ms, ` +
        `errors ${result.errors}, non-2xx ${result.non2xx}, timeouts ${result.timeouts} ` +
        `→ ${p99 <= 50 && result.errors === 0 && result.non2xx === 0 ? "meets" : "MISSES"} the target (p99 ≤ 50 ms, no errors)`,
    );
  } finally {
    await app.close();
    ctx.mailer.close();
    await handle.close();
    await db.drop();
  }
}

for (const engine of (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",")) {
  await run(engine.trim());
}
