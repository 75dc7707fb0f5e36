import { describe, expect, it } from "vitest";
import { loginSchema, registerSchema } from "./auth.ts";
import { emailField, passwordField, phoneField, text } from "./fields.ts";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("field rules", () => {
  it("trims text and refuses control characters and line breaks", () => {
    expect(text(10).parse("  Ana  ")).toBe("Ana");
    expect(messages(text(10).safeParse("A\u0000B"))).toEqual(["validation.controlCharacters"]);
    expect(messages(text(10).safeParse("A\nB"))).toEqual(["validation.controlCharacters"]);
  });
  it("refuses empty required text and over-long text", () => {
    expect(messages(text(5).safeParse("   "))).toEqual(["validation.required"]);
    expect(messages(text(5).safeParse("abcdef"))).toEqual(["validation.tooLong"]);
    expect(text(5, { required: false }).parse("")).toBe("");
  });
  it("normalises e-mails and says when one is missing", () => {
    expect(emailField.parse("  Ana@Example.EC ")).toBe("ana@example.ec");
    expect(messages(emailField.safeParse(""))).toEqual(["validation.emailRequired"]);
    expect(messages(emailField.safeParse("not-an-email"))).toEqual(["validation.email"]);
  });
  it("accepts 8 to 128 character passwords without composition rules", () => {
    expect(passwordField.safeParse("all lower case words").success).toBe(true);
    expect(messages(passwordField.safeParse("short"))).toEqual(["validation.passwordTooShort"]);
    expect(messages(passwordField.safeParse("x".repeat(129)))).toEqual(["validation.passwordTooLong"]);
  });
  it("accepts Ecuadorian and international phone numbers", () => {
    expect(phoneField.safeParse("+593 99 123 4567").success).toBe(true);
    expect(phoneField.safeParse("(02) 245-6789").success).toBe(true);
    expect(phoneField.safeParse("call me").success).toBe(false);
    expect(phoneField.safeParse("123").success).toBe(false);
  });
});

describe("login and register schemas", () => {
  it("gives the spec's three login messages", () => {
    expect(messages(loginSchema.safeParse({ email: "", password: "" })).sort()).toEqual(
      ["validation.emailRequired", "validation.passwordRequired", "validation.schoolYearRequired"].sort(),
    );
  });
  it("refuses unknown fields", () => {
    const result = loginSchema.safeParse({ schoolYearId: 1, email: "a@b.ec", password: "x", isAdmin: true });
    expect(result.success).toBe(false);
  });
  it("requires the password twice, identical", () => {
    const base = {
      firstSurname: "Andrade",
      secondSurname: "",
      names: "María",
      email: "a@b.ec",
      password: "long enough pass",
      passwordConfirmation: "long enough pas",
      phone: "+593991234567",
      language: "es",
      captcha: "x",
    };
    expect(messages(registerSchema.safeParse(base))).toEqual(["validation.passwordMismatch"]);
    expect(registerSchema.safeParse({ ...base, passwordConfirmation: base.password }).success).toBe(true);
  });
});
