import { describe, expect, it } from "vitest";
import { registerSchema } from "./auth.ts";
import { observationField } from "./enrollment/common.ts";
import { INVISIBLE_FORMATTING, text } from "./fields.ts";
import { noticesInputSchema } from "./general-settings.ts";
import { paragraph } from "./workflow.ts";

// Bidirectional controls and zero-width characters are refused by one shared rule.

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const REFUSED = [
  ...["\u202A", "\u202B", "\u202C", "\u202D", "\u202E"],
  ...["\u2066", "\u2067", "\u2068", "\u2069"],
  ...["\u200B", "\u200C", "\u200D", "\u200E", "\u200F"],
  "\uFEFF",
  "\u2060",
];

describe("invisible formatting characters", () => {
  it("the rule covers exactly U+202A–U+202E, U+2066–U+2069, U+200B–U+200F, U+FEFF and U+2060", () => {
    for (const char of REFUSED)
      expect(INVISIBLE_FORMATTING.test(`a${char}b`), char.codePointAt(0)!.toString(16)).toBe(true);
    for (const char of ["\u2029", "\u2065", "\u206A", "\u2061", "\u200A", "\u2010", "\u2070", "\u202F", "\uFEFE"]) {
      expect(INVISIBLE_FORMATTING.test(`a${char}b`), char.codePointAt(0)!.toString(16)).toBe(false);
    }
  });

  it("single-line texts (names) refuse each of them, anywhere in the value, with the translated key", () => {
    for (const char of REFUSED) {
      const values = char === "\uFEFF" ? [`An${char}a`] : [`${char}Ana`, `An${char}a`, `Ana${char}`];
      for (const value of values)
        expect(messages(text(40).safeParse(value))).toEqual(["validation.invisibleCharacters"]);
    }
    // JavaScript's trim() counts U+FEFF (a byte-order mark) as white space: at either end it is
    // trimmed off like a space, so the stored name holds none either way.
    expect(text(40).parse("\uFEFFAna\uFEFF")).toBe("Ana");
  });

  it("keeps accented, Arabic, Hebrew and other scripts' names (they need no control characters)", () => {
    for (const name of ["María José Núñez", "Zoë O'Brien-Lefèvre", "محمد", "שרה", "Nguyễn Thị", "李华"]) {
      expect(text(40).safeParse(name).success, name).toBe(true);
    }
  });

  it("multi-line free texts refuse them too: observations, comments and reasons, notices", () => {
    const disguised = "Alergia a\u202E nicilicinep";
    expect(messages(observationField.safeParse(disguised))).toEqual(["validation.invisibleCharacters"]);
    expect(messages(paragraph(500).safeParse(`line one\nline\u200B two`))).toEqual(["validation.invisibleCharacters"]);
    expect(observationField.safeParse("line one\nline two").success).toBe(true);
    const notices = noticesInputSchema.safeParse({
      print: { es: "Hola\u2066", en: "", fr: "" },
      discount: { es: "", en: "", fr: "" },
      contract: { es: "", en: "", fr: "" },
      version: 1,
    });
    expect(messages(notices)).toContain("validation.invisibleCharacters");
  });

  it("a sign-up with U+202E in a name is refused on that field", () => {
    const result = registerSchema.safeParse({
      firstSurname: "Andrade",
      secondSurname: "",
      names: "Ana\u202Eztirom",
      email: "a@b.ec",
      password: "long enough pass",
      passwordConfirmation: "long enough pass",
      phone: "+593991234567",
      language: "es",
      captcha: "x",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["names", "validation.invisibleCharacters"],
    ]);
  });
});
