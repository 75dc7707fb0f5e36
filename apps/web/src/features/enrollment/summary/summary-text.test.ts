import { RESOURCES } from "@portal/i18n/resources";
import { translate } from "@portal/i18n/translate";
import { CATALOG_NAMES, type CatalogName } from "@portal/shared/catalogs";
import { STEP_IDS, type StepId } from "@portal/shared/enrollment-steps";
import { LANGUAGE_CODES } from "@portal/shared/languages";
import { describe, expect, it } from "vitest";
import { everyStepBody } from "../../../../../server/test/support/documents.ts";
import { summaryRows } from "./summary-rows.ts";
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
    );
    const missing: string[] = [];
    const checking = {
      ...text,
      label: (section: string, path: readonly string[], field: string) => {
        if (!labelKeys(section, path, field).some((key) => exists(language, key))) {
          missing.push([section, ...path, field].join("."));
        }
        return text.label(section, path, field);
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
