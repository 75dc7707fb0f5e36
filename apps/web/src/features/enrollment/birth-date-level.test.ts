import { describe, expect, it } from "vitest";
import { knownLevelOf } from "./birth-date-level.ts";

describe("the level the student step judges a birth date against", () => {
  it("is the level chosen on step 3 once saved", () => {
    expect(knownLevelOf({ requestedLevel: "CP", isNewStudent: true, requestableLevels: ["TPS", "PS", "CP"] })).toBe(
      "CP",
    );
  });

  it("is a re-enrollment's only possible level before step 3", () => {
    expect(knownLevelOf({ requestedLevel: null, isNewStudent: false, requestableLevels: ["CM2"] })).toBe("CM2");
  });

  it("is unknown for a new student before step 3 (that step asks), and after Terminale", () => {
    expect(knownLevelOf({ requestedLevel: null, isNewStudent: true, requestableLevels: ["CP"] })).toBeNull();
    expect(knownLevelOf({ requestedLevel: null, isNewStudent: false, requestableLevels: [] })).toBeNull();
  });
});
