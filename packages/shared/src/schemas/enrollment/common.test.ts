import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  birthDateField,
  checkConfirmations,
  checkDocument,
  countryField,
  dateField,
  documentFields,
  optionalEmailField,
  optionalPhoneField,
  todayIso,
} from "./common.ts";
import { issuesOf, VALID_CEDULA } from "./test-helpers.ts";

describe("dates", () => {
  it("accepts real ISO dates and refuses impossible or malformed ones", () => {
    expect(dateField.parse("2024-02-29")).toBe("2024-02-29");
    expect(issuesOf(dateField, "2023-02-29")).toEqual([": validation.date"]);
    expect(issuesOf(dateField, "2023-13-01")).toEqual([": validation.date"]);
    expect(issuesOf(dateField, "01/02/2020")).toEqual([": validation.date"]);
  });
  it("refuses birth dates in the future or before 1900", () => {
    expect(birthDateField.safeParse(todayIso()).success).toBe(true);
    const tomorrow = todayIso(new Date(Date.now() + 36 * 3600 * 1000));
    expect(issuesOf(birthDateField, tomorrow)).toEqual([": validation.birthDateFuture"]);
    expect(issuesOf(birthDateField, "1899-12-31")).toEqual([": validation.date"]);
  });
});

describe("identification pair", () => {
  const schema = z.strictObject(documentFields).superRefine((value, ctx) => checkDocument(ctx, value));
  it("defaults to cédula and checks its check digit", () => {
    expect(schema.parse({ documentNumber: VALID_CEDULA })).toEqual({
      typeIdentification: 1,
      documentNumber: VALID_CEDULA,
    });
    expect(issuesOf(schema, { documentNumber: "1714307104" })).toEqual(["documentNumber: validation.documentNumber"]);
  });
  it("accepts 5 to 20 letters and digits for a passport, upper-cased", () => {
    expect(schema.parse({ typeIdentification: 2, documentNumber: "ab12345" }).documentNumber).toBe("AB12345");
    expect(issuesOf(schema, { typeIdentification: 2, documentNumber: "AB-12" })).toEqual([
      "documentNumber: validation.documentNumber",
    ]);
  });
  it("refuses other identification types", () => {
    expect(issuesOf(schema, { typeIdentification: 3, documentNumber: VALID_CEDULA })).toEqual([
      "typeIdentification: validation.identificationType",
    ]);
  });
});

describe("entered twice", () => {
  const schema = z
    .strictObject({
      email: z.string(),
      emailConfirmation: z.string(),
      cellPhone: z.string(),
      cellPhoneConfirmation: z.string(),
    })
    .superRefine((value, ctx) => checkConfirmations(ctx, value));
  it("ignores case and spacing", () => {
    const value = {
      email: "ana@example.ec",
      emailConfirmation: " Ana@Example.EC ",
      cellPhone: "+593 99 123 4567",
      cellPhoneConfirmation: "+593991234567",
    };
    expect(schema.safeParse(value).success).toBe(true);
  });
  it("reports each mismatch on its confirmation", () => {
    const value = {
      email: "a@b.ec",
      emailConfirmation: "b@b.ec",
      cellPhone: "0991234567",
      cellPhoneConfirmation: "0991234568",
    };
    expect(issuesOf(schema, value)).toEqual([
      "emailConfirmation: validation.emailMismatch",
      "cellPhoneConfirmation: validation.cellPhoneMismatch",
    ]);
  });
});

describe("small fields", () => {
  it("takes ISO alpha-2 country codes", () => {
    expect(countryField.parse(" ec ")).toBe("EC");
    expect(issuesOf(countryField, "ECU")).toEqual([": validation.country"]);
  });
  it("accepts an empty optional e-mail or phone but not a wrong one", () => {
    expect(optionalEmailField.parse("")).toBe("");
    expect(issuesOf(optionalEmailField, "nope")).toEqual([": validation.email"]);
    expect(optionalPhoneField.parse("")).toBe("");
    expect(issuesOf(optionalPhoneField, "call me")).toEqual([": validation.phone"]);
  });
});

describe("message keys", () => {
  it("every validation.* key used by the enrollment schemas exists in the catalogs", () => {
    const dir = new URL(".", import.meta.url);
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
      for (const match of readFileSync(new URL(file, dir), "utf8").matchAll(/"validation\.(\w+)"/g))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const lang of ["es", "en", "fr"]) {
      const catalog = JSON.parse(
        readFileSync(new URL(`../../../../i18n/locales/${lang}/validation.json`, import.meta.url), "utf8"),
      ) as Record<string, string>;
      for (const key of used) expect(catalog[key], `${lang}: ${key}`).toBeTruthy();
    }
  });
});
