import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { expect } from "vitest";
import { completeFile } from "./enrollment.ts";
import { call, type TestApp } from "./test-app.ts";

/** Words no other test's child carries: the erased child's names. */
export const ERASED_NAMES = { names: "Erasmina Zoé", firstName: "Borrablez", secondName: "Olvidadez" };

/** A family's child, completed (with distinctive names when asked) and sent; its ids and identity. */
export async function sentChild(t: TestApp, cookie: string, opts: { distinctive?: boolean } = {}) {
  const fileId = await completeFile(t, cookie);
  if (opts.distinctive) {
    const url = `/api/enrollment/files/${fileId}/steps/studentFile`;
    const current = (await call(t, { method: "GET", url, cookie })).json().data as Record<string, unknown>;
    const saved = await call(t, { method: "PUT", url, cookie, payload: { ...current, ...ERASED_NAMES } });
    if (saved.statusCode !== 200) throw new Error(`rename: ${saved.statusCode} ${saved.body}`);
  }
  const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`);
  const row = await t.ctx.db
    .selectFrom("requests as r")
    .innerJoin("enrollment_files as f", "f.id", "r.file_id")
    .innerJoin("students as s", "s.id", "f.student_id")
    .select(["r.id as requestId", "r.code", "s.id as studentId", "s.student_name", "s.document_number"])
    .where("r.file_id", "=", fileId)
    .executeTakeFirstOrThrow();
  return { fileId, ...row };
}

/** The staff's status action on a request, at its current version. */
export async function actOn(
  t: TestApp,
  cookie: string,
  requestId: number,
  action: string,
  extra: Record<string, unknown> = {},
) {
  const { version } = await t.ctx.db
    .selectFrom("requests")
    .select("version")
    .where("id", "=", requestId)
    .executeTakeFirstOrThrow();
  const response = await call(t, {
    method: "POST",
    url: `/api/requests/${requestId}/actions`,
    cookie,
    payload: { action, expectedVersion: version, ...extra },
  });
  if (response.statusCode !== 200) throw new Error(`${action}: ${response.statusCode} ${response.body}`);
}

export interface Trace {
  texts: string[];
  fileIds: number[];
  requestIds: number[];
  studentIds: number[];
  uploadIds: number[];
}

const ID_COLUMNS: Record<string, keyof Omit<Trace, "texts">> = {
  file_id: "fileIds",
  attempted_file_id: "fileIds",
  request_id: "requestIds",
  student_id: "studentIds",
};
const OWN_ID: Record<string, keyof Omit<Trace, "texts">> = {
  students: "studentIds",
  enrollment_files: "fileIds",
  requests: "requestIds",
  uploads: "uploadIds",
};
const DETAIL_KEYS: [RegExp, keyof Omit<Trace, "texts">][] = [
  [/"(fileId|attemptedFileId)":(\d+)/g, "fileIds"],
  [/"requestId":(\d+)/g, "requestIds"],
  [/"studentId":(\d+)/g, "studentIds"],
  [/"uploadId":(\d+)/g, "uploadIds"],
];

/** Every table of the database, as the database lists them (a table added later is searched too). */
async function databaseTables(t: TestApp): Promise<string[]> {
  const rows =
    t.ctx.engine === "sqlite"
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.ctx.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.ctx.db);
  return rows.rows.map((row) => row.name);
}

/** Every row of every table that names the trace: by its texts (any column) or by its ids. */
export async function rowsMentioning(t: TestApp, trace: Trace): Promise<string[]> {
  const found: string[] = [];
  const texts = trace.texts.map((text) => text.toLowerCase());
  for (const table of await databaseTables(t)) {
    const rows = (await t.ctx.db
      .selectFrom(table as never)
      .selectAll()
      .execute()) as Record<string, unknown>[];
    for (const row of rows) {
      const text = JSON.stringify(row, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v)).toLowerCase();
      for (const needle of texts)
        if (text.includes(needle)) found.push(`${table}: "${needle}" in ${text.slice(0, 200)}`);
      for (const [column, list] of Object.entries(ID_COLUMNS)) {
        if (column in row && trace[list].includes(Number(row[column]))) found.push(`${table}.${column}=${row[column]}`);
      }
      const own = OWN_ID[table];
      if (own && trace[own].includes(Number(row.id))) found.push(`${table}.id=${row.id}`);
      if (table === "audit_events" && typeof row.details === "string") {
        for (const [pattern, list] of DETAIL_KEYS) {
          for (const match of row.details.matchAll(pattern)) {
            if (trace[list].includes(Number(match[match.length - 1]))) found.push(`audit_events ${row.details}`);
          }
        }
      }
    }
  }
  return found;
}

/** Every file under `dir`, relative. */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

/** Files under `dir` whose bytes contain one of the texts (UTF-8, as stored). */
export function filesMentioning(dir: string, texts: string[]): string[] {
  return listFiles(dir).filter((file) => {
    const bytes = fs.readFileSync(path.join(dir, file));
    return texts.some((text) => bytes.includes(Buffer.from(text, "utf8")));
  });
}

export function expectNoTrace(found: string[]) {
  expect(found, found.slice(0, 10).join("\n")).toEqual([]);
}
