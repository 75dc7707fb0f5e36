import { PHOTO_CONSENTS, TERMS_CONSENTS } from "@portal/shared/consents";
import type { ReportPage } from "@portal/shared/schemas/reports";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editStep, reportPageOf, reportYear, staffCookie, yearRequests } from "./support/reports.ts";
import { createTestApp, downloadLikeABrowser, type TestApp } from "./support/test-app.ts";

/**
 * The students report's groups beyond identity: finance (the bursar), exit authorization (the
 * gate), consents (communications) and academic history, in the chooser, the XLSX and the CSV.
 */
let t: TestApp;
let yearId: number;
let secretaria: string;
let mine: Awaited<ReturnType<typeof yearRequests>>[number];
let other: Awaited<ReturnType<typeof yearRequests>>[number];

const FINANCE =
  "paymentReference,payerName,payerDocumentNumber,payerEmail,paymentMethod,scholarship,scholarshipOrganization";
const EXIT = "collectedBy,exitAlone,middayBreak,freePeriods,emergencyPreference,events,pedagogicExits";
const CONSENTS = "imageConsent,publishImage,dataUseConsent";
const HISTORY = "previousLevel,repeatingClass,previousSchool,previousSchoolCity,previousSchoolCountry,aefeAccredited";

beforeAll(async () => {
  t = await createTestApp();
  yearId = await reportYear(t, 6, 67);
  secretaria = await staffCookie(t, "Secretaria", yearId);
  const requests = await yearRequests(t, yearId);
  mine = requests[0]!;
  other = requests[1]!;
  await editStep(t, mine.file_id, "financialInformation", (data) => ({
    ...data,
    paymentReference: "COMPANY",
    namePaymentReference: "=SUM(A1:A9) Constructora Andina",
    documentNumber: "1790012345001",
    email: "facturas@andina.test",
    paymentMethod: "TRANSFER",
    isScholarShip: true,
    companyScholarShip: "Fundación Cotopaxi",
  }));
  await editStep(t, mine.file_id, "exitAuthorization", (data) => ({
    ...data,
    exitAlone: true,
    middayBreak: false,
    freePeriods: true,
    emergencyPreference: "WITHDRAW_ASAP",
    events: true,
    pedagogicExits: false,
    publishImage: true,
  }));
  await editStep(t, mine.file_id, "authorizedPersons", (data) => ({
    ...data,
    persons: [
      {
        firstName: "Vera",
        secondName: "",
        names: "Rosa",
        relationshipStudentCode: "OTHER",
        relationshipOther: "Niñera",
      },
    ],
  }));
  await editStep(t, mine.file_id, "academicHistory", () => ({
    previousLevel: "CM1",
    repeatingClass: false,
    institutionCountry: "EC",
    institutionCity: "Cuenca",
    institutionName: "Unidad Educativa Sol",
    aefeAccredited: true,
  }));
  // A file saved before the level list keeps its free text; its scholarship is off.
  await editStep(t, other.file_id, "academicHistory", () => ({ previousLevel: "4to de básica" }));
  await editStep(t, other.file_id, "financialInformation", (data) => ({
    ...data,
    isScholarShip: false,
    companyScholarShip: "left over",
  }));
  // The family of `mine` withdrew the image consent; the data-use agreement stands.
  const at = "2026-11-30T12:00:00.000Z";
  await t.ctx.db
    .insertInto("consents")
    .values([
      ...Object.values(PHOTO_CONSENTS).map((subject) => ({
        user_id: 1,
        file_id: mine.file_id,
        subject,
        text_version: "2025-09",
        accepted: 1,
        withdrawn: 0,
        ip: "127.0.0.1",
        created_at: "2026-09-01T12:00:00.000Z",
      })),
      ...Object.values(PHOTO_CONSENTS).map((subject) => ({
        user_id: 1,
        file_id: mine.file_id,
        subject,
        text_version: "2025-09",
        accepted: 0,
        withdrawn: 1,
        ip: "127.0.0.1",
        created_at: at,
      })),
      {
        user_id: 1,
        file_id: mine.file_id,
        subject: TERMS_CONSENTS.dataUseAgreement,
        text_version: "2025-09",
        accepted: 1,
        withdrawn: 0,
        ip: "127.0.0.1",
        created_at: "2026-09-01T12:00:00.000Z",
      },
    ])
    .execute();
}, 60_000);

afterAll(() => t.close());

async function sheetRows(url: string): Promise<unknown[][]> {
  const response = await downloadLikeABrowser(t, { method: "GET", url, cookie: secretaria });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const exportUrl = (columns: string, format = "xlsx") =>
  `/api/reports/students/export?format=${format}&schoolYearId=${yearId}&columns=code,${columns}`;
const rowOf = (rows: unknown[][], code: string) => rows.find((row) => row[0] === code)!;

describe("the column chooser", () => {
  it("lists every column under its group, in the reader's language", async () => {
    const page: ReportPage = await reportPageOf(t, secretaria, "students", `schoolYearId=${yearId}`);
    const groupOf = (id: string) => page.columns.find((column) => column.id === id)?.group;
    expect(groupOf("code")).toBe("request");
    expect(FINANCE.split(",").map(groupOf)).toEqual(Array(7).fill("finance"));
    expect(EXIT.split(",").map(groupOf)).toEqual(Array(7).fill("exitAuthorization"));
    expect(CONSENTS.split(",").map(groupOf)).toEqual(Array(3).fill("consents"));
    expect(HISTORY.split(",").map(groupOf)).toEqual(Array(6).fill("academicHistory"));
    expect(page.columns.find((column) => column.id === "paymentMethod")?.label).toBe("Forma de pago");
    // Each group's columns sit together, so the chooser shows one heading per group.
    const order = page.columns.map((column) => column.group);
    expect(order.filter((group, i) => group !== order[i - 1])).toEqual([...new Set(order)]);
  });
});

describe("the finance group (the bursar's)", () => {
  it("exports who pays, the payer, the invoice e-mail, the method and the scholarship, text exactly as typed", async () => {
    const rows = await sheetRows(exportUrl(FINANCE));
    expect(rows[0]).toEqual([
      "Código",
      "Quién paga",
      "Pagador",
      "Documento del pagador",
      "Correo del pagador (facturas)",
      "Forma de pago",
      "Beca",
      "Organización de la beca",
    ]);
    expect(rowOf(rows, mine.code)).toEqual([
      mine.code,
      "Empresa",
      "=SUM(A1:A9) Constructora Andina",
      "1790012345001",
      "facturas@andina.test",
      "Transferencia bancaria",
      "Sí",
      "Fundación Cotopaxi",
    ]);
    // No scholarship: its organization is not reported, whatever the step still holds.
    const otherRow = rowOf(rows, other.code);
    expect(otherRow[6]).toBe("No");
    expect(otherRow[7] ?? "").toBe("");
  });

  it("neutralises the formula-like payer in CSV", async () => {
    const response = await downloadLikeABrowser(t, {
      method: "GET",
      url: exportUrl("payerName", "csv"),
      cookie: secretaria,
    });
    expect(response.rawPayload.toString("utf8")).toContain(`"${mine.code}";"'=SUM(A1:A9) Constructora Andina"`);
  });
});

describe("the exit authorization group (the gate's)", () => {
  it("exports who may collect the child, leaving alone, the breaks and the emergency choice", async () => {
    const rows = await sheetRows(exportUrl(EXIT));
    expect(rowOf(rows, mine.code)).toEqual([
      mine.code,
      "Rosa Vera (Niñera)",
      "Sí",
      "No",
      "Sí",
      "La familia retira al alumno lo antes posible",
      "Sí",
      "No",
    ]);
  });
});

describe("the consents group (communications')", () => {
  it("says the image consent was withdrawn, and publication No, while the data-use consent stands", async () => {
    const rows = await sheetRows(exportUrl(CONSENTS));
    expect(rows[0]).toEqual([
      "Código",
      "Consentimiento de imagen",
      "Publicación de la imagen",
      "Consentimiento de uso de datos",
    ]);
    expect(rowOf(rows, mine.code)).toEqual([mine.code, "Retirado por la familia", "No", "Dado"]);
  });
});

describe("the academic history group", () => {
  it("names the last level from the catalogue, keeps an older file's free text, and the previous school", async () => {
    const rows = await sheetRows(exportUrl(HISTORY));
    const mineRow = rowOf(rows, mine.code);
    expect(mineRow[1]).not.toBe("CM1");
    expect(mineRow[1]).toMatch(/CM1/);
    expect(mineRow.slice(2)).toEqual(["No", "Unidad Educativa Sol", "Cuenca", "Ecuador", "Sí"]);
    expect(rowOf(rows, other.code)[1]).toBe("4to de básica");
  });
});
