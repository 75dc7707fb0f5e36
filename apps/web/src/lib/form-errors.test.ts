import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error.ts";
import { applyServerFieldErrors } from "./form-errors.ts";

type Form = { password: string; email: string };

describe("applyServerFieldErrors", () => {
  it("puts each field's message under it, and the error's own message where the field is marked with ''", () => {
    const set: Record<string, string | undefined> = {};
    const error = new ApiError(400, "PASSWORD_PERSONAL", "Not your name", { password: "", email: "Bad e-mail" });
    const applied = applyServerFieldErrors<Form>(
      error,
      (name, value) => {
        set[name] = value.message;
      },
      ["password", "email"],
    );
    expect(applied).toBe(true);
    expect(set).toEqual({ password: "Not your name", email: "Bad e-mail" });
  });
  it("leaves other errors to the caller", () => {
    expect(applyServerFieldErrors<Form>(new Error("x"), () => {}, ["password"])).toBe(false);
  });
});
