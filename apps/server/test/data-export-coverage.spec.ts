import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAMILY_DATA_TABLES, NOT_FAMILY_DATA_TABLES } from "../src/modules/data-export/data-export-tables.ts";
import { createTestApp, type TestApp } from "./support/test-app.ts";

/*
 * "My data" covers every table that holds family data (docs/data-protection.md): the database's
 * own list of tables, each either read by the archive or declared not family data with a reason.
 * A new table fails here until someone decides which.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function databaseTables(): Promise<string[]> {
  const rows =
    t.ctx.engine === "sqlite"
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.ctx.db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          t.ctx.db,
        );
  return rows.rows.map((row) => row.name).sort();
}

describe("the archive's table coverage", () => {
  it("has every table of the database either in the archive or declared not family data, with a reason", async () => {
    const tables = await databaseTables();
    expect(tables.length).toBeGreaterThan(30);
    const undecided = tables.filter((name) => !(name in FAMILY_DATA_TABLES) && !(name in NOT_FAMILY_DATA_TABLES));
    expect(undecided, "tables neither exported nor declared not family data").toEqual([]);
    const both = Object.keys(FAMILY_DATA_TABLES).filter((name) => name in NOT_FAMILY_DATA_TABLES);
    expect(both).toEqual([]);
    for (const [name, section] of Object.entries(FAMILY_DATA_TABLES)) expect(section.trim(), name).not.toBe("");
    for (const [name, why] of Object.entries(NOT_FAMILY_DATA_TABLES))
      expect(why.trim().length, name).toBeGreaterThan(10);
    // Every table said to be exported exists (a renamed table would leave its data out silently).
    expect(Object.keys(FAMILY_DATA_TABLES).filter((name) => !tables.includes(name))).toEqual([]);
  });
});
