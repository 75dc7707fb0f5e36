import { RESOURCES } from "@portal/i18n/resources";
import { translate } from "@portal/i18n/translate";
import { CATALOG_NAMES, type CatalogName } from "@portal/shared/catalogs";
import { STEP_IDS, type StepId } from "@portal/shared/enrollment-steps";
import { LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import { DEFAULT_YEAR_CONSTANTS } from "@portal/shared/rules/year-settings";
import { describe, expect, it } from "vitest";
import { STATIC_CATALOGS } from "../../../../../server/src/db/seeds/catalog-data.ts";
import { countryEntries } from "../../../../../server/src/db/seeds/countries.ts";
import { everyStepBody } from "../../../../../server/test/support/documents.ts";
import { type SummaryRow, summaryRows } from "./summary-rows.ts";
import { buildSummaryText, labelKeys } from "./summary-text.ts";

type Tree = { readonly [key: string]: string | Tree };

function exists(language: (typeof LANGUAGE_CODES)[number], fullKey: string): boolean {
  const [ns, key] = fullKey.split(":", 2) as [keyof (typeof RESOURCES)["es"], string];
  let node: string | Tree | undefined = RESOURCES[language][ns] as Tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string";
}

/** Step bodies with every list filled, so nested labels are checked too. */
async function fullBodies(): Promise<[StepId, Record<string, unknown>][]> {
  let id = 1;
  const bodies = await everyStepBody({ schoolYearId: 11, pdf: async () => id++, photo: async () => id++ });
  const extra: Partial<Record<StepId, Record<string, unknown>>> = {
    enrollmentYear: { firstInscription: 1 },
    academicHistory: {
      previousLevel: "CP",
      institutionName: "Escuela Benalcázar",
      institutionCountry: "EC",
      institutionCity: "Quito",
    },
    exitAuthorization: { exitAlone: true, middayBreak: true, freePeriods: true },
    secondRepresentative: { secondaryNationality: "FR", countryWork: "FR", prefix: "Sr." },
    authorizedPersons: {
      persons: [
        {
          isRegisterPerson: true,
          firstName: "Loor",
          secondName: "Vera",
          names: "Rosa",
          relationshipStudentCode: "OTHER",
          relationshipOther: "Madrina",
          address: "Av. Shyris N35-12",
          postalCode: "170135",
          cellPhone: "0991112222",
          cellPhoneConfirmation: "0991112222",
          typeIdentification: 1,
          documentNumber: "1714307103",
          photoFileId: 98,
          documentFileId: 99,
        },
      ],
    },
    medicalRecord: {
      disease: true,
      diseaseObservation: "Asma",
      hasIncapacity: true,
      incapacityObservation: "Visual",
      incapacityCertificateFileId: 96,
      disqualifiedSport: true,
      disqualifiedSportFileId: 97,
      treatmentReceived: "Inhalador",
      allergies: {
        medications: [{ item: "Penicilina", reaction: "Urticaria" }],
        foods: [{ item: "Maní", reaction: "Hinchazón" }],
        insects: [{ item: "Abeja", reaction: "Hinchazón" }],
        other: [{ item: "Látex", reaction: "Picazón" }],
      },
    },
  };
  return bodies.map(([step, body]) => [
    step as StepId,
    { ...(body as Record<string, unknown>), ...(extra[step as StepId] ?? {}) },
  ]);
}

/** Catalogues as the server seeds them, in one language (what GET /api/catalogs/:name answers). */
function seededCatalogs(language: Language): Record<CatalogName, { value: string; label: string }[]> {
  const countries = countryEntries().map((entry) => ({ value: entry.code, label: entry[language] }));
  const seeded = Object.entries(STATIC_CATALOGS).map(([name, entries]) => [
    name,
    entries.map((entry) => ({ value: entry.code, label: entry[language] })),
  ]);
  return { ...Object.fromEntries(seeded), countries, nationalities: countries } as Record<
    CatalogName,
    { value: string; label: string }[]
  >;
}

/** Every label and shown text of the rows, as "label: text", depth first. */
function lines(rows: SummaryRow[]): string[] {
  return rows.flatMap((row) =>
    row.value.kind === "group"
      ? [row.label, ...lines(row.value.rows)]
      : [`${row.label}: ${row.value.kind === "text" ? row.value.text : "(file)"}`],
  );
}

describe("the summary a family reviews, read in each language", () => {
  it.each(LANGUAGE_CODES)("shows no placeholder, no bare code and no bare number (%s)", async (language) => {
    const catalogs = seededCatalogs(language);
    const text = buildSummaryText(
      (key, values) => translate(language, key, values as Record<string, string | number>),
      (key) => exists(language, key),
      language,
      catalogs,
      DEFAULT_YEAR_CONSTANTS,
    );
    const shown = (await fullBodies()).flatMap(([step, body]) => lines(summaryRows(step, body, text)));
    // A code is bare where the catalogue's label in this language differs from it ("CP" is French).
    const codes = new Set(
      Object.values(catalogs)
        .flat()
        .filter((option) => option.label !== option.value)
        .map((option) => option.value),
    );
    for (const line of shown) {
      expect(line, line).not.toMatch(/\{\{|\}\}|undefined|NaN|null|\[object/);
      const value = line.slice(line.lastIndexOf(": ") + 2);
      expect(codes.has(value), `a bare catalogue code: ${line}`).toBe(false);
      expect(value, `a bare number: ${line}`).not.toMatch(/^\d{1,2}$/);
    }
    const t = (key: string, values?: Record<string, string | number>) => translate(language, key, values);
    const level = (code: string) => catalogs.levels.find((option) => option.value === code)?.label;
    const country = catalogs.countries.find((option) => option.value === "EC")?.label;
    expect(shown).toEqual(
      expect.arrayContaining([
        `${t("enrollment:enrollmentYear.firstInscription")}: ${t("enrollment:enrollmentYear.first")}`,
        `${t("enrollment:academicHistory.institutionCountry")}: ${country}`,
        `${t("enrollment:academicHistory.previousLevel")}: ${level("CP")}`,
        `${t("enrollment:representative.isAccountHolder", { n: 1 })}: ${t("common:actions.yes")}`,
        `${t("enrollment:representative.isAccountHolder", { n: 2 })}: ${t("common:actions.no")}`,
        `${t("enrollment:exitAuthorization.exitAlone", { exit: "16:00" })}: ${t("common:actions.yes")}`,
        `${t("enrollment:exitAuthorization.middayBreak", { from: "11:45", to: "12:45" })}: ${t("common:actions.yes")}`,
      ]),
    );
  });
});

describe("summary wording", () => {
  const catalogs = Object.fromEntries(CATALOG_NAMES.map((name) => [name, []])) as unknown as Record<
    CatalogName,
    { value: string; label: string }[]
  >;

  it.each(LANGUAGE_CODES)("has a label for every field a step saves (%s)", async (language) => {
    const text = buildSummaryText(
      (key, values) => translate(language, key, values as Record<string, string | number>),
      (key) => exists(language, key),
      language,
      catalogs,
      DEFAULT_YEAR_CONSTANTS,
    );
    const missing: string[] = [];
    const checking = {
      ...text,
      label: (section: string, path: readonly string[], field: string, values: Record<string, number>) => {
        if (!labelKeys(section, path, field).some((key) => exists(language, key))) {
          missing.push([section, ...path, field].join("."));
        }
        return text.label(section, path, field, values);
      },
    };
    const bodies = await fullBodies();
    expect(bodies.map(([step]) => step)).toEqual([...STEP_IDS]);
    for (const [step, body] of bodies) summaryRows(step, body, checking);
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGE_CODES)("words a declined second representative in the step's own terms (%s)", (language) => {
    const text = buildSummaryText(
      (key, values) => translate(language, key, values as Record<string, string | number>),
      (key) => exists(language, key),
      language,
      catalogs,
      DEFAULT_YEAR_CONSTANTS,
    );
    const rows = summaryRows("secondRepresentative", { declined: true, reason: "Fallecido" }, text);
    expect(rows.map((row) => row.label)).toEqual([
      translate(language, "enrollment:secondRepresentative.decline"),
      translate(language, "enrollment:secondRepresentative.reason"),
    ]);
    expect(rows.map((row) => row.label)).not.toContain("Declined");
  });

  it("shows decimals in the UI language, height and weight with their units, years ungrouped", () => {
    const words = (language: string) =>
      buildSummaryText(
        (key) => key,
        () => false,
        language,
        catalogs,
        DEFAULT_YEAR_CONSTANTS,
      );
    expect(words("es").number("height", 138.5)).toBe("138,5\u00a0cm");
    expect(words("fr").number("weight", 29.5)).toBe("29,5\u00a0kg");
    expect(words("en").number("weight", 29.5)).toBe("29.5\u00a0kg");
    expect(words("es").number("graduationYear", 2010)).toBe("2010");
  });

  it.each(LANGUAGE_CODES)("names the choices that are not catalogues (%s)", (language) => {
    const text = buildSummaryText(
      (key, values) => translate(language, key, values as Record<string, string | number>),
      (key) => exists(language, key),
      language,
      catalogs,
      DEFAULT_YEAR_CONSTANTS,
    );
    for (const [section, field, value] of [
      ["studentFile", "gender", "F"],
      ["studentFile", "gender", "M"],
      ["finance", "paymentReference", "REPRESENTATIVE_1"],
      ["finance", "paymentReference", "COMPANY"],
      ["exitAuthorization", "emergencyPreference", "WAIT_EVACUATION"],
      ["exitAuthorization", "emergencyPreference", "WITHDRAW_ASAP"],
    ] as const) {
      expect(text.choice(section, field, value), `${section}.${field}.${value}`).toBeTruthy();
    }
  });
});
