import { RESOURCES } from "@portal/i18n/resources";
import { LANGUAGE_CODES } from "@portal/shared/languages";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { staffWordingKey, withStaffWording } from "./staff-wording.ts";

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

async function instance(lng: string) {
  const base = i18next.createInstance();
  await base.init({ lng, resources: RESOURCES, interpolation: { escapeValue: false } });
  return withStaffWording(base);
}

/** First-person words of the family's own voice, per language. */
/** A whole word (letters on neither side, accented ones included). */
const words = (list: string) => new RegExp(`(?<!\\p{L})(${list})(?!\\p{L})`, "iu");
const FIRST_PERSON: Record<string, RegExp> = {
  es: words("autorizo|declaro|acepto|he leído|prefiero|deseo|yo|mi|mis"),
  en: /(?<!\p{L})(I|my|me)(?!\p{L})/u,
  fr: /(?<!\p{L})(je|mon|ma|mes|moi)(?!\p{L})|(?<!\p{L})j[’']/iu,
};

describe("the staff's wording of the wizard's consents on the module pages", () => {
  it("speaks of the family where the wizard speaks as the family, with the same values", async () => {
    const es = await instance("es");
    const t = es.getFixedT(null, null);
    expect(t("enrollment:exitAuthorization.exitAlone", { exit: "13:00" })).toBe(
      "La familia autoriza a su hijo o hija a salir solo de la institución al terminar la jornada, a las 13:00.",
    );
    expect(t("enrollment:studentPhoto.authorizeUse")).toMatch(
      /^La familia autoriza el uso de la foto de su hijo o hija/,
    );
    // Texts without a staff wording are the wizard's own.
    expect(t("enrollment:exitAuthorization.exitTitle")).toBe(RESOURCES.es.enrollment.exitAuthorization.exitTitle);
    const en = (await instance("en")).getFixedT(null, null);
    expect(en("enrollment:exitAuthorization.middayBreak", { from: "12:00", to: "13:30" })).toBe(
      "The family authorizes their child to leave the school during the midday break, from 12:00 to 13:30.",
    );
  });

  for (const lang of LANGUAGE_CODES) {
    it(`replaces every first-person text of the wizard, never in the first person itself (${lang})`, () => {
      const wizard = entries(RESOURCES[lang].enrollment as Tree);
      const staff = new Map(entries(RESOURCES[lang].inscriptions.staffWording as Tree));
      for (const [key, text] of wizard) {
        const own = staff.get(key);
        if (own === undefined) {
          // "I don't know" and "let me check" are the family's answers and buttons, never shown to staff as statements.
          if (!["form.unknown", "birthDateCheck.cancel"].includes(key)) {
            expect(FIRST_PERSON[lang]?.test(text), `${lang} enrollment:${key} "${text}" needs a staff wording`).toBe(
              false,
            );
          }
          continue;
        }
        expect(FIRST_PERSON[lang]?.test(own), `${lang} staffWording.${key}: "${own}"`).toBe(false);
        expect(variables(own), `${lang} staffWording.${key}`).toEqual(variables(text));
      }
      // Every staff wording stands for a wizard text.
      for (const key of staff.keys())
        expect(
          wizard.some(([k]) => k === key),
          key,
        ).toBe(true);
    });
  }

  it("maps only the wizard's keys", () => {
    expect(staffWordingKey("enrollment:terms.termsOfUse.accept")).toBe(
      "inscriptions:staffWording.terms.termsOfUse.accept",
    );
    expect(staffWordingKey("inscriptions:module.readOnlyTitle")).toBeNull();
  });
});
