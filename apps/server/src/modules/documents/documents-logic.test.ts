import { describe, expect, it } from "vitest";
import { requiredItems, toListItem } from "./documents.service.ts";
import { safeName } from "./documents-zip.ts";

const row = {
  id: 1,
  code: "INS-1",
  file_id: 1,
  user_id: 1,
  student_name: "Ana",
  level_code: "CM1",
  request_status: "Untreated",
  is_test_data: 0,
  sent_at: "2026-11-20T10:00:00.000Z",
  exit_required: 0,
  contract_required: 1,
  image_required: 1,
  contract_received: 0,
  exit_received: 0,
  image_received: 0,
  contract_signed: 0,
  exit_signed: 0,
  image_signed: 0,
};

describe("the hand-in checklist's pure rules", () => {
  it("asks for the exit authorization only where the file chose an exit", () => {
    expect(requiredItems({ exit_required: 0 })).toEqual(["contract", "imageConsent"]);
    expect(requiredItems({ exit_required: 1 })).toEqual(["contract", "exitAuthorization", "imageConsent"]);
  });

  it("asks only for the papers the year's rules ask of the request (Settings › Documents)", () => {
    expect(requiredItems({ exit_required: 0, contract_required: 1, image_required: 0 })).toEqual(["contract"]);
    expect(requiredItems({ exit_required: 1, contract_required: 0, image_required: 0 })).toEqual(["exitAuthorization"]);
  });

  it("is due the signing hours after sending, overdue only past it with a paper missing", () => {
    const dueAt = Date.parse("2026-11-20T12:00:00.000Z");
    const item = toListItem(row, 2, dueAt + 1);
    expect(item.dueAt).toBe("2026-11-20T12:00:00.000Z");
    expect(item.overdue).toBe(true);
    expect(toListItem(row, 2, dueAt - 1).overdue).toBe(false);
    const complete = { ...row, contract_received: 1, image_received: 1 };
    expect(toListItem(complete, 2, dueAt + 1).overdue).toBe(false);
    expect(toListItem({ ...complete, exit_required: 1 }, 2, dueAt + 1).overdue).toBe(true);
  });

  it('counts a paper signed online by the family as not overdue (docs/rules/documents.md "Signing online")', () => {
    const dueAt = Date.parse("2026-11-20T12:00:00.000Z");
    const online = { ...row, contract_signed: 1, image_received: 1 };
    const item = toListItem(online, 2, dueAt + 1);
    expect(item.overdue).toBe(false);
    expect(item.checklist).toEqual([
      { item: "contract", received: false, signedOnline: true },
      { item: "imageConsent", received: true, signedOnline: false },
    ]);
    expect(toListItem({ ...online, image_received: 0 }, 2, dueAt + 1).overdue).toBe(true);
  });
});

describe("safeName (ZIP folder and file names)", () => {
  it("drops separators, control and reserved characters, and leading dots", () => {
    expect(safeName("INS-1 Ana/..\\Pérez:*?")).toBe("INS-1 Ana .. Pérez");
    expect(safeName("../../etc")).toBe("etc");
    expect(safeName("\u0000\u0007")).toBe("_");
    expect(safeName("a".repeat(300))).toHaveLength(120);
  });
});
