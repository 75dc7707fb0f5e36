import { BUE_EXPORT_COLUMNS } from "@portal/shared/schemas/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSyncRequest, isolatedYear, parseCsv, syncExport } from "./support/sync.ts";
import { call, createTestApp, createUser, signedInAs, type TestApp } from "./support/test-app.ts";

// Sync with the BUE: the export's content, the marking, idempotence, past batches.

let t: TestApp;
let admin: { id: number; cookie: string };
let familyId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin");
  familyId = (await createUser(t)).id;
});
afterAll(() => t?.close());

const list = (schoolYearId: number, extra = "") =>
  call(t, { method: "GET", url: `/api/sync?schoolYearId=${schoolYearId}${extra}`, cookie: admin.cookie });

describe("export for the BUE", () => {
  it("writes the year's eligible students not yet migrated as CSV, marks them, and never repeats them", async () => {
    const year = await isolatedYear(t);
    const ana = await insertSyncRequest(t, familyId, year.id, { names: "Ana", firstName: "Andrade" });
    const ben = await insertSyncRequest(t, familyId, year.id, {
      names: "=HYPERLINK(1)",
      firstName: "Borja",
      status: "Confirmed",
      secondRepresentative: false,
    });
    await insertSyncRequest(t, familyId, year.id, { names: "Carla", firstName: "Cruz", status: "Untreated" });
    await insertSyncRequest(t, familyId, year.id, { names: "Dora", firstName: "Díaz", status: "Refused" });
    await insertSyncRequest(t, familyId, year.id, { names: "Eloy", firstName: "Test", testData: true });

    const before = (await list(year.id)).json();
    expect(before.counts).toEqual({ toMigrate: 2, migrated: 0 });
    // The list's order: the student's name ("=…" sorts before letters).
    expect(before.items.map((i: { code: string }) => i.code)).toEqual([ben.code, ana.code]);

    const response = await syncExport(t, admin.cookie, year.id, "csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toContain("attachment");
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...BUE_EXPORT_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual([ben.code, ana.code]);
    const col = (name: (typeof BUE_EXPORT_COLUMNS)[number]) => BUE_EXPORT_COLUMNS.indexOf(name);
    expect(rows[1]![col("studentNames")]).toBe("Ana");
    expect(rows[1]![col("schoolYear")]).toBe(year.label);
    expect(rows[1]![col("rep2Names")]).toBe("Juan");
    // A file for another program: values as the family wrote them, no spreadsheet guard.
    expect(rows[0]![col("studentNames")]).toBe("=HYPERLINK(1)");
    expect(rows[1]![col("rep1CellPhone")]).toBe("+593991112222");
    expect(rows[0]![col("rep2Names")]).toBe(""); // declined
    const batchId = Number(response.headers["x-batch-id"]);
    expect(response.headers["x-row-count"]).toBe("2");

    const after = (await list(year.id)).json();
    expect(after.counts).toEqual({ toMigrate: 0, migrated: 2 });
    expect(after.items[0].migration).toMatchObject({ state: "migrated", batchId });
    expect(after.items[0].migration.migratedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await list(year.id, "&state=pending")).json().items).toEqual([]);

    // Again: nobody left, an empty file with the header, no new batch.
    const again = await syncExport(t, admin.cookie, year.id, "csv");
    expect(again.statusCode).toBe(200);
    expect(parseCsv(again.body)).toEqual([[...BUE_EXPORT_COLUMNS]]);
    expect(again.headers["x-batch-id"]).toBe("");

    // A new accepted request goes in the next batch alone.
    const eva = await insertSyncRequest(t, familyId, year.id, { names: "Eva", firstName: "Egas", status: "Validated" });
    const third = await syncExport(t, admin.cookie, year.id, "json");
    const json = third.json();
    expect(json.columns).toEqual([...BUE_EXPORT_COLUMNS]);
    expect(json.students.map((s: { requestCode: string }) => s.requestCode)).toEqual([eva.code]);
    expect(json.students[0].studentFirstSurname).toBe("Egas");
    expect(json.batchId).toBeGreaterThan(batchId);

    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "sync.exported")
      .where("actor_user_id", "=", admin.id)
      .orderBy("id")
      .execute();
    const details = audit.map((row) => JSON.parse(row.details!)).filter((d) => d.schoolYearId === year.id);
    expect(details.map((d) => d.rows)).toEqual([2, 0, 1]);
    expect(JSON.stringify(details)).not.toContain("Ana");
  });

  it("lists past batches and downloads one again with the same students", async () => {
    const year = await isolatedYear(t);
    const one = await insertSyncRequest(t, familyId, year.id, { names: "Fabio", firstName: "Flores" });
    const first = await syncExport(t, admin.cookie, year.id, "json");
    await insertSyncRequest(t, familyId, year.id, { names: "Gala", firstName: "Gómez" });
    await syncExport(t, admin.cookie, year.id, "csv");

    const batches = (
      await call(t, { method: "GET", url: `/api/sync/exports?schoolYearId=${year.id}`, cookie: admin.cookie })
    ).json();
    expect(batches.items.map((b: { rowCount: number }) => b.rowCount)).toEqual([1, 1]);
    const firstId = Number(first.headers["x-batch-id"]);
    expect(batches.items[1].id).toBe(firstId);
    expect(batches.items[1].createdBy).toBeTruthy();

    const redo = await call(t, { method: "GET", url: `/api/sync/exports/${firstId}?format=csv`, cookie: admin.cookie });
    expect(redo.statusCode).toBe(200);
    expect(
      parseCsv(redo.body)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([one.code]);
    // Downloading again marks nobody and leaves the counts.
    expect((await list(year.id)).json().counts).toEqual({ toMigrate: 0, migrated: 2 });

    const missing = await call(t, {
      method: "GET",
      url: "/api/sync/exports/2147483647?format=csv",
      cookie: admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("FILE_NOT_FOUND");
  });

  it("refuses a school year that does not exist, naming the field", async () => {
    const response = await syncExport(t, admin.cookie, 2_147_483_000, "csv");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty("schoolYearId");
  });

  it("an empty year exports an empty file with the header", async () => {
    const year = await isolatedYear(t);
    const response = await syncExport(t, admin.cookie, year.id, "json");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ batchId: null, students: [] });
  });
});
