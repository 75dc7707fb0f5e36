import { describe, expect, it } from "vitest";
import { fieldChanges } from "./field-changes.ts";

describe("fieldChanges", () => {
  it("is empty when nothing changed, whatever the key order", () => {
    expect(fieldChanges({ a: 1, b: { c: "x" } }, { b: { c: "x" }, a: 1 })).toEqual([]);
  });

  it("names each changed leaf by its dotted path with both values", () => {
    const before = { names: "Ana", persons: [{ cellPhone: "0991111111" }, { cellPhone: "0992222222" }] };
    const after = { names: "Ana María", persons: [{ cellPhone: "0991111111" }, { cellPhone: "0993333333" }] };
    expect(fieldChanges(before, after)).toEqual([
      { field: "names", before: "Ana", after: "Ana María" },
      { field: "persons.1.cellPhone", before: "0992222222", after: "0993333333" },
    ]);
  });

  it("reports added and removed fields and list entries against null", () => {
    expect(fieldChanges({ a: 1, gone: "x", list: [1, 2] }, { a: 1, added: true, list: [1] })).toEqual([
      { field: "added", before: null, after: true },
      { field: "gone", before: "x", after: null },
      { field: "list.1", before: 2, after: null },
    ]);
  });

  it("treats a missing field and null alike, and an emptied list as a change", () => {
    expect(fieldChanges({ a: null }, {})).toEqual([]);
    expect(fieldChanges({ allergies: ["x"] }, { allergies: [] })).toEqual([
      { field: "allergies", before: null, after: [] },
      { field: "allergies.0", before: "x", after: null },
    ]);
  });

  it("compares against an empty step when there was none", () => {
    expect(fieldChanges({}, { a: "1" })).toEqual([{ field: "a", before: null, after: "1" }]);
  });
});
