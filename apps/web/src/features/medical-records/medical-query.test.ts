import { describe, expect, it } from "vitest";
import {
  DEFAULT_MEDICAL_STATE,
  parseMedicalState,
  toMedicalApiQuery,
  toMedicalPdfQuery,
  writeMedicalState,
} from "./medical-query.ts";

describe("medical records URL state", () => {
  it("reads the level, statuses and paging, and falls back on anything unreadable", () => {
    expect(
      parseMedicalState(new URLSearchParams("level=CM2&status=Accepted,Nope,Accepted&page=3&pageSize=50")),
    ).toEqual({
      level: "CM2",
      statuses: ["Accepted"],
      page: 3,
      pageSize: 50,
    });
    expect(parseMedicalState(new URLSearchParams("level=XX&page=-1&pageSize=7"))).toEqual(DEFAULT_MEDICAL_STATE);
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    expect(writeMedicalState(DEFAULT_MEDICAL_STATE).toString()).toBe("");
    const state = { level: "CM1" as const, statuses: ["Untreated" as const], page: 2, pageSize: 10 as const };
    expect(parseMedicalState(writeMedicalState(state))).toEqual(state);
  });

  it("builds the API query with paging and the PDF's without", () => {
    const state = { ...DEFAULT_MEDICAL_STATE, level: "CM2" as const, page: 2 };
    expect(toMedicalApiQuery(state)).toBe("level=CM2&page=2&pageSize=25");
    expect(toMedicalPdfQuery(state)).toBe("level=CM2");
  });
});
