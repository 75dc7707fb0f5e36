import { describe, expect, it } from "vitest";
import { type ConsentRowLike, historyOf, stateOfChild, stateOfKind, toWithdraw } from "./consent-state.ts";

let at = 0;
const row = (subject: string, accepted: 0 | 1, withdrawn: 0 | 1 = 0, file_id = 1): ConsentRowLike => ({
  user_id: 7,
  file_id,
  subject,
  text_version: "2025-09",
  accepted,
  withdrawn,
  created_at: `2026-12-0${1 + Math.floor(at++ / 4)}T10:00:00.000Z`,
});

describe("where a consent stands", () => {
  it("is none without rows, given while any authorization is given, refused when none was", () => {
    expect(stateOfKind([], "image").state).toBe("none");
    at = 0;
    const answered = [row("photo.use", 0), row("photo.publication", 1), row("photo.communication", 0)];
    expect(stateOfKind(answered, "image").state).toBe("given");
    expect(stateOfKind([row("photo.use", 0)], "image").state).toBe("refused");
    expect(stateOfKind(answered, "dataUse").state).toBe("none");
  });

  it("is withdrawn after a withdrawal, and given again after a new yes", () => {
    at = 0;
    const rows = [row("photo.use", 1), row("photo.publication", 0), row("photo.use", 0, 1)];
    expect(stateOfKind(rows, "image")).toMatchObject({ state: "withdrawn", version: "2025-09" });
    expect(toWithdraw(rows, "image")).toEqual([]);
    expect(stateOfKind([...rows, row("photo.use", 1)], "image").state).toBe("given");
    expect(historyOf([...rows, row("photo.use", 1)]).map((e) => e.action)).toEqual(["given", "withdrawn", "given"]);
  });

  it("withdraws only the subjects given", () => {
    at = 0;
    const rows = [row("photo.use", 1), row("photo.publication", 0), row("terms.dataUseAgreement", 1)];
    expect(toWithdraw(rows, "image").map((r) => r.subject)).toEqual(["photo.use"]);
    expect(toWithdraw(rows, "dataUse").map((r) => r.subject)).toEqual(["terms.dataUseAgreement"]);
  });

  it("reads a child as given while any of its files still uses the consent", () => {
    at = 0;
    const older = [row("photo.use", 1, 0, 1)];
    const newer = [row("photo.use", 1, 0, 2), row("photo.use", 0, 1, 2)];
    expect(
      stateOfChild(
        new Map([
          [1, older],
          [2, newer],
        ]),
        "image",
      ).state,
    ).toBe("given");
    expect(
      stateOfChild(
        new Map([
          [1, [...older, row("photo.use", 0, 1, 1)]],
          [2, newer],
        ]),
        "image",
      ).state,
    ).toBe("withdrawn");
  });
});
