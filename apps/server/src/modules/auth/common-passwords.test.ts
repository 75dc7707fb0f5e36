import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seeds/demo.ts";
import { isCommonPassword } from "./common-passwords.ts";

describe("isCommonPassword", () => {
  it.each([
    "password",
    "Password123",
    "12345678",
    "qwertyuiop",
    "contraseña",
    "motdepasse",
    "aaaaaaaa",
    "abcdefghij",
    "34567890",
  ])("refuses %s", (password) => expect(isCommonPassword(password)).toBe(true));
  it.each(["correct horse battery staple", "Quito-en-julio-2025", DEMO_PASSWORD])("accepts %s", (password) =>
    expect(isCommonPassword(password)).toBe(false),
  );
});
