import { BUE_EXPORT_COLUMNS } from "@portal/shared/schemas/sync";
import { describe, expect, it } from "vitest";
import { bueExportRow } from "./bue-row.ts";

const facts = {
  code: "INS-1",
  schoolYearLabel: "2025-2026",
  levelCode: "CM1",
  isNewStudent: 1,
  studentFile: {
    studentCode: "S-1",
    firstName: "Pérez",
    names: "Ana",
    typeIdentification: 1,
    documentNumber: "1714307103",
  },
  firstRepresentative: { names: "Rosa", firstName: "Loor", contactCodeBue: "C-1", cellPhone: "+593 99" },
  secondRepresentative: { declined: true, reason: "—" },
};

describe("bueExportRow", () => {
  it("writes every published column, in order, empty when unknown", () => {
    const row = bueExportRow(facts);
    expect(Object.keys(row)).toEqual([...BUE_EXPORT_COLUMNS]);
    expect(row).toMatchObject({
      requestCode: "INS-1",
      isNewStudent: "1",
      studentCode: "S-1",
      studentFirstSurname: "Pérez",
      studentSecondSurname: "",
      studentDocumentType: "1",
      rep1ContactCodeBue: "C-1",
      rep1Names: "Rosa",
    });
  });
  it("leaves a declined second representative empty", () => {
    const row = bueExportRow(facts);
    expect(BUE_EXPORT_COLUMNS.filter((c) => c.startsWith("rep2")).map((c) => row[c])).toEqual(Array(8).fill(""));
  });
});
