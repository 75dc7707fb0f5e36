import { describe, expect, it } from "vitest";
import { toOptions } from "./catalog-choices.ts";

const items = [
  { code: "SINGLE", label: "Single", order: 1, disabled: false },
  { code: "PACS", label: "Civil union", order: 2, disabled: true },
  { code: "WIDOWED", label: "Widowed", order: 3, disabled: false },
];

describe("toOptions", () => {
  it("without a record, keeps disabled entries as disabled options (a label, not a choice)", () => {
    expect(toOptions(items)).toEqual([
      { value: "SINGLE", label: "Single" },
      { value: "PACS", label: "Civil union", disabled: true },
      { value: "WIDOWED", label: "Widowed" },
    ]);
  });

  it("for a record, offers the enabled entries and a disabled one only where the record holds it", () => {
    expect(toOptions(items, { civilStatus: "SINGLE" }).map((o) => o.value)).toEqual(["SINGLE", "WIDOWED"]);
    // At any depth (emergency contacts, authorized persons are lists), offered as a normal option.
    expect(toOptions(items, { people: [{ civilStatus: "PACS" }] })).toEqual([
      { value: "SINGLE", label: "Single" },
      { value: "PACS", label: "Civil union" },
      { value: "WIDOWED", label: "Widowed" },
    ]);
    expect(toOptions(items, {}).map((o) => o.value)).toEqual(["SINGLE", "WIDOWED"]);
  });
});
