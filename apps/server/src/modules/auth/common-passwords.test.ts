import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../demo/demo.ts";
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
    // The breached list (zxcvbn-ts passwords-common) and its guessable forms.
    "Password1!",
    "P@ssw0rd2024",
    "!!Sunshine99",
    "dragonfly",
    "trustno1",
    "Superman2025!",
    "jennifer",
    "ecuador123",
    "michelle",
  ])("refuses %s", (password) => expect(isCommonPassword(password)).toBe(true));
  it.each([
    "correct horse battery staple",
    "Quito-en-julio-2025",
    DEMO_PASSWORD,
    "a brand new passphrase",
    "another passphrase!",
    "a long admin passphrase",
    "Mi perro come zanahorias",
  ])("accepts %s", (password) => expect(isCommonPassword(password)).toBe(false));
});
