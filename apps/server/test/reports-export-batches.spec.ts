import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_BATCH } from "../src/modules/reports/report-sources.ts";
import { reportPageOf, reportYear, staffCookie } from "./support/reports.ts";
import { call, createTestApp, type TestApp } from "./support/test-app.ts";

/**
 * Reports: an export longer than one batch holds every row once, in the table's own
 * order across the batches' seams (it reads the ordered keys once, then each batch by its keys).
 */
let t: TestApp;
let yearId: number;
let secretaria: string;
const REQUESTS = EXPORT_BATCH * 2 + 30;

beforeAll(async () => {
  t = await createTestApp();
  yearId = await reportYear(t, REQUESTS, 41);
  secretaria = await staffCookie(t, "Secretaria", yearId);
}, 60_000);

afterAll(() => t.close());

/** The CSV's rows (BOM, `;`, CRLF, every cell quoted), header dropped. */
async function exported(report: string, query: string): Promise<string[][]> {
  const response = await call(t, {
    method: "GET",
    url: `/api/reports/${report}/export?format=csv&${query}`,
    cookie: secretaria,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const lines = response.body.slice(1).split("\r\n").filter(Boolean);
  return lines.slice(1).map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)].map((m) => m[1]!));
}

/** Every page of the table, concatenated. */
async function tableRows(report: string, query: string): Promise<string[][]> {
  const rows: string[][] = [];
  for (let page = 1; ; page += 1) {
    const result = await reportPageOf(t, secretaria, report, `${query}&pageSize=100&page=${page}`);
    rows.push(...result.rows.map((row) => row.map((cell) => String(cell ?? ""))));
    if (rows.length >= result.total) return rows;
  }
}

describe("an export of more than one batch", () => {
  it("lists every student once, in the table's order", async () => {
    const query = "columns=studentName,code&sort=studentName&order=desc";
    const rows = await exported("students", query);
    expect(rows).toHaveLength(REQUESTS);
    expect(new Set(rows.map((row) => row[1])).size).toBe(REQUESTS);
    expect(rows).toEqual(await tableRows("students", query));
  });

  it("lists every representative once, in the table's order", async () => {
    const query = "columns=code,representativeName,email&sort=representativeName&order=asc";
    const rows = await exported("representatives", query);
    expect(rows.length).toBeGreaterThan(EXPORT_BATCH * 2);
    expect(rows).toEqual(await tableRows("representatives", query));
  });

  it("lists every authorized person once, in the table's order", async () => {
    const query = "columns=code,personName,relationship&sort=code&order=desc";
    const rows = await exported("authorizedPersons", query);
    expect(rows.length).toBeGreaterThan(EXPORT_BATCH);
    expect(rows).toEqual(await tableRows("authorizedPersons", query));
  });
});
