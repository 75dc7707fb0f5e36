import { describe, expect, it } from "vitest";
import { type SummaryText, summaryRows } from "./summary-rows.ts";

const text: SummaryText = {
  label: (section, path, field) => [section, ...path, field].join("."),
  catalog: (name, code) => `${name}:${code}`,
  typedLevel: (value) => `typed(${value})`,
  choice: (_section, field, value) => (field === "gender" ? `gender-${value}` : null),
  yes: "Yes",
  no: "No",
  date: (iso) => `date(${iso})`,
  number: (field, value) => `number(${field}:${value})`,
  item: (_section, field, n) => `${field} #${n}`,
};

describe("summary rows", () => {
  it("shows every saved field with its label, catalogue labels, dates, yes/no and uploads", () => {
    const rows = summaryRows(
      "studentFile",
      {
        firstName: "Pérez",
        gender: "F",
        birthDate: "2015-03-14",
        birthCountry: "EC",
        typeIdentification: 1,
        childOfStaff: false,
        identityDocumentFileId: 42,
        secondName: "",
        emergencyContacts: [{ name: "Rosa", relationship: "GRANDMOTHER", phone: "+593991112222" }],
      },
      text,
    );
    expect(rows.map((row) => [row.label, row.value])).toEqual([
      ["studentFile.firstName", { kind: "text", text: "Pérez" }],
      ["studentFile.gender", { kind: "text", text: "gender-F" }],
      ["studentFile.birthDate", { kind: "text", text: "date(2015-03-14)" }],
      ["studentFile.birthCountry", { kind: "text", text: "countries:EC" }],
      ["studentFile.typeIdentification", { kind: "text", text: "identificationTypes:1" }],
      ["studentFile.childOfStaff", { kind: "text", text: "No" }],
      ["studentFile.identityDocumentFileId", { kind: "file", uploadId: 42 }],
      [
        "studentFile.emergencyContacts",
        {
          kind: "group",
          rows: [
            {
              field: "emergencyContacts.0",
              label: "emergencyContacts #1",
              value: {
                kind: "group",
                rows: [
                  { field: "name", label: "studentFile.emergencyContacts.name", value: { kind: "text", text: "Rosa" } },
                  {
                    field: "relationship",
                    label: "studentFile.emergencyContacts.relationship",
                    value: { kind: "text", text: "relationships:GRANDMOTHER" },
                  },
                  {
                    field: "phone",
                    label: "studentFile.emergencyContacts.phone",
                    value: { kind: "text", text: "+593991112222" },
                  },
                ],
              },
            },
          ],
        },
      ],
    ]);
  });

  it("leaves out confirmations, empty lists and blank values, and nests objects", () => {
    const rows = summaryRows(
      "medicalRecord",
      {
        allergies: { medications: [], foods: [{ item: "Peanuts", reaction: "Hives" }], insects: [], other: [] },
        height: 138.5,
      },
      text,
    );
    expect(rows.map((row) => row.field)).toEqual(["allergies", "height"]);
    expect(rows[0]?.value).toMatchObject({ kind: "group", rows: [{ field: "foods" }] });
    expect(rows[1]?.value).toEqual({ kind: "text", text: "number(height:138.5)" });

    const representative = summaryRows(
      "secondRepresentative",
      { typeRepresentative: 2, email: "a@b.ec", emailConfirmation: "a@b.ec", cellPhoneConfirmation: "1" },
      text,
    );
    expect(representative.map((row) => row.label)).toEqual(["representative.email"]);
  });

  it("names each representative's own number in the labels they share", () => {
    const numbers: unknown[] = [];
    const counting: SummaryText = {
      ...text,
      label: (section, path, field, values) => {
        numbers.push(values.n);
        return text.label(section, path, field, values);
      },
    };
    summaryRows("firstRepresentative", { isAccountHolder: true }, counting);
    summaryRows("secondRepresentative", { isAccountHolder: false }, counting);
    expect(numbers).toEqual([1, 2]);
  });

  it("shows a previous level outside the level list as typed, and numbered choices by their label", () => {
    const unknown: SummaryText = { ...text, catalog: (name, code) => (code === "CP" ? `${name}:${code}` : null) };
    const history = summaryRows("academicHistory", { previousLevel: "Kinder", institutionCountry: "EC" }, unknown);
    expect(history.map((row) => row.value)).toEqual([
      { kind: "text", text: "typed(Kinder)" },
      { kind: "text", text: "EC" },
    ]);
    const choosing: SummaryText = { ...text, choice: (_section, field, value) => `${field}=${value}` };
    expect(summaryRows("enrollmentYear", { firstInscription: 1 }, choosing)[0]?.value).toEqual({
      kind: "text",
      text: "firstInscription=1",
    });
  });

  it("has no rows before the step is saved", () => {
    expect(summaryRows("terms", null, text)).toEqual([]);
  });
});
