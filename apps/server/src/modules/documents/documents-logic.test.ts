import { describe, expect, it } from "vitest";
import type { HandInDocument } from "../school-documents/document-texts.service.ts";
import { toListItem } from "./documents.service.ts";
import { safeName } from "./documents-zip.ts";
import { requiredDocuments, titleIn } from "./hand-in-checklist.ts";

const row = {
  id: 1,
  code: "INS-1",
  file_id: 1,
  user_id: 1,
  student_name: "Ana",
  level_code: "CM1",
  is_new_student: 1,
  request_status: "Untreated",
  is_test_data: 0,
  sent_at: "2026-11-20T10:00:00.000Z",
  exit_required: 0,
};

const doc = (key: string, rule: Partial<HandInDocument> = {}): HandInDocument => ({
  key,
  audience: "both",
  levels: null,
  titles: { es: `${key} es`, en: `${key} en`, fr: "" },
  ...rule,
});
const year = [doc("contract"), doc("exitAuthorization"), doc("imageConsent"), doc("custom-1")];
const keys = (docs: HandInDocument[]) => docs.map((d) => d.key);
const entry = (item: string, received: boolean, signedOnline: boolean) => ({
  item,
  title: item,
  received,
  signedOnline,
});

describe("the hand-in checklist's pure rules", () => {
  it("asks for the exit authorization only where the file chose an exit, the school's own documents too", () => {
    expect(keys(requiredDocuments(year, row))).toEqual(["contract", "imageConsent", "custom-1"]);
    expect(keys(requiredDocuments(year, { ...row, exit_required: 1 }))).toEqual([
      "contract",
      "exitAuthorization",
      "imageConsent",
      "custom-1",
    ]);
  });

  it("asks only for the papers the year's rules ask of the request (Settings › Documents)", () => {
    const rules = [
      doc("contract"),
      doc("imageConsent", { audience: "reenrollment" }),
      doc("custom-1", { levels: ["2NDE"] }),
      doc("custom-2", { audience: "none" }),
    ];
    expect(keys(requiredDocuments(rules, row))).toEqual(["contract"]);
    expect(keys(requiredDocuments(rules, { ...row, is_new_student: 0, level_code: "2NDE" }))).toEqual([
      "contract",
      "imageConsent",
      "custom-1",
    ]);
    // A request without a level yet: every level's documents.
    expect(keys(requiredDocuments(rules, { ...row, level_code: null }))).toEqual(["contract", "custom-1"]);
  });

  it("titles each item in the reader's language, the Spanish title where that one is empty", () => {
    expect(titleIn(doc("custom-1"), "en")).toBe("custom-1 en");
    expect(titleIn(doc("custom-1"), "fr")).toBe("custom-1 es");
  });

  it("is due the signing hours after sending, overdue only past it with a paper missing", () => {
    const dueAt = Date.parse("2026-11-20T12:00:00.000Z");
    const missing = [entry("contract", false, false), entry("custom-1", true, false)];
    const item = toListItem(row, 2, dueAt + 1, missing);
    expect(item.dueAt).toBe("2026-11-20T12:00:00.000Z");
    expect(item.overdue).toBe(true);
    expect(toListItem(row, 2, dueAt - 1, missing).overdue).toBe(false);
    const complete = [entry("contract", true, false), entry("custom-1", true, false)];
    expect(toListItem(row, 2, dueAt + 1, complete).overdue).toBe(false);
  });

  it('counts a paper signed online by the family as not overdue (docs/rules/documents.md "Signing online")', () => {
    const dueAt = Date.parse("2026-11-20T12:00:00.000Z");
    const online = [entry("contract", false, true), entry("custom-1", true, false)];
    expect(toListItem(row, 2, dueAt + 1, online).overdue).toBe(false);
    expect(toListItem(row, 2, dueAt + 1, [...online, entry("custom-2", false, false)]).overdue).toBe(true);
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
