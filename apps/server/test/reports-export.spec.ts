import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editStep, reportYear, staffCookie, staffUser, yearRequests } from "./support/reports.ts";
import { call, createTestApp, downloadLikeABrowser, type TestApp } from "./support/test-app.ts";

/** Reports: the XLSX and CSV exports read back with real readers, and their audit. */
let t: TestApp;
let yearId: number;
let secretaria: string;
let requests: Awaited<ReturnType<typeof yearRequests>>;
let level: string;
let odd: (typeof requests)[number];

beforeAll(async () => {
  t = await createTestApp();
  yearId = await reportYear(t, 24, 23);
  secretaria = await staffCookie(t, "Secretaria", yearId);
  requests = await yearRequests(t, yearId);
  level = requests[0]!.level_code!;
  odd = requests[0]!;
  await editStep(t, odd.file_id, "studentFile", (data) => ({
    ...data,
    names: '=HYPERLINK("http://x")',
    firstName: "Núñez Peña",
    birthDate: "2015-03-09",
  }));
  // Only two representatives agree to share their contacts.
  for (const r of requests) {
    for (const step of ["firstRepresentative", "secondRepresentative"]) {
      await editStep(t, r.file_id, step, (data) => (data.declined ? data : { ...data, shareContacts: false }));
    }
  }
  await editStep(t, requests[1]!.file_id, "firstRepresentative", (d) => ({
    ...d,
    shareContacts: true,
    email: "comite1@test.local",
  }));
  await editStep(t, requests[2]!.file_id, "firstRepresentative", (d) => ({
    ...d,
    shareContacts: true,
    email: "comite2@test.local",
  }));
}, 60_000);

afterAll(() => t.close());

async function download(url: string, cookie = secretaria) {
  const response = await downloadLikeABrowser(t, { method: "GET", url, cookie });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response;
}

async function workbookOf(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** The portal's CSV: BOM, `;`, CRLF, every cell quoted ("" inside). */
function parseCsv(text: string): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text
    .slice(1)
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)].map((m) => m[1]!.replaceAll('""', '"')));
}

const expectedCodes = () =>
  requests
    .filter((r) => r.level_code === level)
    .map((r) => r.code)
    .sort();

describe("XLSX", () => {
  it("has the level's rows, headers in the user's language, real dates and neutralised text", async () => {
    const response = await download(
      `/api/reports/students/export?format=xlsx&level=${level}&columns=code,names,firstName,birthDate,createdAt`,
    );
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(String(response.headers["content-disposition"])).toMatch(
      /attachment; filename="informe-estudiantes-.*\.xlsx"/,
    );
    expect(response.headers["x-total-rows"]).toBe(String(expectedCodes().length));
    const sheet = await workbookOf(response.rawPayload);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(["Código", "Nombres", "Primer apellido", "Fecha de nacimiento", "Creada"]);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows.map((row) => row[0])).toEqual(expectedCodes());
    const mine = rows.find((row) => row[0] === odd.code)!;
    // A text cell, exactly as typed: not a formula (exceljs reads one as { formula }), no apostrophe.
    expect(mine[1]).toBe('=HYPERLINK("http://x")');
    expect(mine[2]).toBe("Núñez Peña");
    expect(mine[3]).toBeInstanceOf(Date);
    expect((mine[3] as Date).toISOString().slice(0, 10)).toBe("2015-03-09");
    expect(mine[4]).toBeInstanceOf(Date);
  });

  it("exports every column when none is named, and an empty set as headers alone", async () => {
    const all = await workbookOf((await download("/api/reports/representatives/export?format=xlsx")).rawPayload);
    expect(all.getRow(1).cellCount).toBeGreaterThan(30);
    const none = await workbookOf(
      (await download("/api/reports/students/export?format=xlsx&testData=only")).rawPayload,
    );
    expect(none.rowCount).toBe(1);
    expect(none.getRow(1).getCell(1).value).toBe("Código");
  });
});

describe("CSV", () => {
  it("is UTF-8 with a BOM, `;`, quoted, accents intact and formulas neutralised", async () => {
    const response = await download(
      `/api/reports/students/export?format=csv&level=${level}&columns=code,names,firstName,birthDate,childOfStaff`,
    );
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = parseCsv(response.rawPayload.toString("utf8"));
    expect(lines[0]).toEqual(["Código", "Nombres", "Primer apellido", "Fecha de nacimiento", "Hijo de personal"]);
    expect(lines.slice(1).map((line) => line[0])).toEqual(expectedCodes());
    const mine = lines.find((line) => line[0] === odd.code)!;
    expect(mine.slice(1, 4)).toEqual(['\'=HYPERLINK("http://x")', "Núñez Peña", "2015-03-09"]);
    expect(["Sí", "No"]).toContain(mine[4]);
  });

  it("writes headers in English for an English-speaking user", async () => {
    const english = await staffCookie(t, "Consulta", yearId, "en");
    const lines = parseCsv(
      (
        await download("/api/reports/authorizedPersons/export?format=csv&columns=code,personName", english)
      ).rawPayload.toString("utf8"),
    );
    expect(lines[0]).toEqual(["Code", "Authorized person"]);
  });
});

describe("XLSX and CSV agree", () => {
  it("say the same words for yes/no, the kind and the level; the XLSX header is frozen and filterable", async () => {
    const columns = "code,kind,level,childOfStaff,wantsBus";
    const sheet = await workbookOf(
      (await download(`/api/reports/students/export?format=xlsx&columns=${columns}`)).rawPayload,
    );
    const xlsxRows: unknown[][] = [];
    sheet.eachRow((row) => {
      xlsxRows.push((row.values as unknown[]).slice(1));
    });
    const csvRows = parseCsv(
      (await download(`/api/reports/students/export?format=csv&columns=${columns}`)).rawPayload.toString("utf8"),
    );
    // Every cell of the spreadsheet is the CSV's text (an empty cell is empty in both).
    expect(xlsxRows.map((row) => csvRows[0]!.map((_, i) => String(row[i] ?? "")))).toEqual(csvRows);
    const body = csvRows.slice(1);
    expect(new Set(body.flatMap((row) => row.slice(3)).filter(Boolean))).toEqual(new Set(["Sí", "No"]));
    expect(new Set(body.map((row) => row[1]))).toEqual(new Set(["Nuevo ingreso", "Reinscripción"]));
    const levels = (await call(t, { method: "GET", url: "/api/catalogs/levels", cookie: secretaria })).json() as {
      code: string;
      label: string;
    }[];
    const mine = body.find((row) => row[0] === odd.code)!;
    expect(mine[2]).toBe(levels.find((item) => item.code === odd.level_code)!.label);
    expect(mine[2]).not.toBe(odd.level_code);
    expect(sheet.views).toEqual([expect.objectContaining({ state: "frozen", ySplit: 1 })]);
    expect(sheet.autoFilter).toBe(`A1:E${body.length + 1}`);
  });
});

describe("parent committee contacts", () => {
  it("lists only the representatives who share their contacts", async () => {
    const lines = parseCsv(
      (await download("/api/reports/committee-contacts/export?format=csv")).rawPayload.toString("utf8"),
    );
    expect(lines[0]).toEqual([
      "Representante",
      "Correo electrónico",
      "Celular",
      "Teléfono fijo",
      "Estudiante",
      "Nivel",
    ]);
    expect(
      lines
        .slice(1)
        .map((line) => line[1])
        .sort(),
    ).toEqual(["comite1@test.local", "comite2@test.local"]);
    const sheet = await workbookOf((await download("/api/reports/committee-contacts/export?format=xlsx")).rawPayload);
    expect(sheet.rowCount).toBe(3);
  });
});

describe("audit", () => {
  it("writes report.exported with the report, format, filters and rows once the file is sent", async () => {
    const { id: userId, cookie: admin } = await staffUser(t, "Admin", yearId);
    await download(`/api/reports/students/export?format=csv&level=${level}`, admin);
    await download("/api/reports/committee-contacts/export?format=xlsx", admin);
    await expect
      .poll(async () =>
        (
          await t.ctx.db
            .selectFrom("audit_events")
            .select(["event", "details"])
            .where("actor_user_id", "=", userId)
            .where("event", "=", "report.exported")
            .orderBy("id")
            .execute()
        ).map((row) => JSON.parse(row.details ?? "{}")),
      )
      .toEqual([
        {
          report: "students",
          format: "csv",
          filters: { testData: "exclude", level, sort: "code", order: "asc" },
          rows: expectedCodes().length,
          completed: true,
        },
        { report: "committeeContacts", format: "xlsx", filters: { testData: "exclude" }, rows: 2, completed: true },
      ]);
  });
});
