import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgesUnderWay, runScheduledPurge } from "../src/modules/retention/retention.service.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { call, createTestApp, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * The purge's runs (docs/rules/data-protection.md "The purge"): one at a time across processes, a
 * run whose process died, the daily schedule. A database of its own: a purge is school-wide.
 */

let own: OwnDatabase;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  own = await createOwnDatabase("retention_runs");
  t = await createTestApp(own.env);
  admin = await signedInAs(t, "Admin", { language: "en" });
});
afterAll(async () => {
  await t.close();
  await own.drop();
});

describe("purge runs", () => {
  it("runs one purge at a time: a second start answers the run under way; a run whose process died is ended", async () => {
    const now = new Date().toISOString();
    const busy = await t.ctx.db
      .insertInto("retention_runs")
      .values({
        status: "running",
        trigger: "schedule",
        started_by: null,
        running_key: 1,
        started_at: now,
        heartbeat_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const start = () =>
      call(t, {
        method: "POST",
        url: "/api/settings/retention/runs",
        cookie: admin.cookie,
        payload: { confirm: true },
      });
    const answered = await start();
    expect(answered.statusCode).toBe(202);
    expect(answered.json()).toMatchObject({ id: busy.id, status: "running", trigger: "schedule" });
    // No progress for an hour: its process is gone; the next start ends it and runs anew.
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await t.ctx.db.updateTable("retention_runs").set({ heartbeat_at: hourAgo }).where("id", "=", busy.id).execute();
    const fresh = await start();
    expect(fresh.json().id).not.toBe(busy.id);
    await purgesUnderWay();
    const ended = await call(t, {
      method: "GET",
      url: `/api/settings/retention/runs/${busy.id}`,
      cookie: admin.cookie,
    });
    expect(ended.json()).toMatchObject({ status: "failed", report: null });
  });

  it("the schedule runs once a day, and not at all when the Admin turned it off", async () => {
    const scheduled = async () =>
      (await t.ctx.db.selectFrom("retention_runs").select("id").where("trigger", "=", "schedule").execute()).length;
    // The run ended above was a scheduled one: forgotten, so the schedule starts from nothing.
    await t.ctx.db.deleteFrom("retention_runs").where("trigger", "=", "schedule").execute();
    const before = await scheduled();
    await runScheduledPurge(t.ctx, t.app.log);
    await purgesUnderWay();
    await runScheduledPurge(t.ctx, t.app.log);
    await purgesUnderWay();
    expect(await scheduled()).toBe(before + 1);
    await runScheduledPurge(t.ctx, t.app.log, new Date(Date.now() + 25 * 3_600_000));
    await purgesUnderWay();
    expect(await scheduled()).toBe(before + 2);
    const current = (await call(t, { method: "GET", url: "/api/settings/retention", cookie: admin.cookie })).json();
    const off = await call(t, {
      method: "PUT",
      url: "/api/settings/retention",
      cookie: admin.cookie,
      payload: { ...current.months, automatic: false, version: current.version },
    });
    expect(off.statusCode, off.body).toBe(200);
    await runScheduledPurge(t.ctx, t.app.log, new Date(Date.now() + 50 * 3_600_000));
    expect(await scheduled()).toBe(before + 2);
  });

  it("answers 404 for a run that does not exist", async () => {
    const response = await call(t, {
      method: "GET",
      url: "/api/settings/retention/runs/2147483000",
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(404);
  });
});
