import type { ElectionView } from "@portal/shared/schemas/elections";
import { describe, expect, it } from "vitest";
import { candidatesBody, moveRow, rowsChanged, rowsOf, sizeRule } from "./candidate-rows.ts";

const list = {
  id: 1,
  organizationId: 1,
  organizationName: "APF",
  name: "Lista A",
  statement: null,
  candidates: [
    { id: 10, userId: 5, name: "Ana", rank: 1, statement: null, birthDate: null, photoUrl: null },
    { id: 11, userId: 7, name: "Luis", rank: 2, statement: "Por la cantina", birthDate: "1981-04-02", photoUrl: null },
  ],
} satisfies ElectionView["lists"][number];

describe("a list's candidates being edited", () => {
  it("move one place at a time and never past an end", () => {
    expect(moveRow(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moveRow(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveRow(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moveRow(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });

  it("know when they differ from the saved list: people, order, statements", () => {
    const rows = rowsOf(list);
    expect(rowsChanged(rows, list)).toBe(false);
    expect(rowsChanged(moveRow(rows, 0, 1), list)).toBe(true);
    expect(rowsChanged([{ ...rows[0]!, statement: "  " }, rows[1]!], list)).toBe(false);
    expect(rowsChanged([rows[0]!, { ...rows[1]!, statement: "Otra" }], list)).toBe(true);
    expect(rowsChanged(rows.slice(0, 1), list)).toBe(true);
    expect(rowsChanged([{ ...rows[0]!, birthDate: "1979-02-03" }, rows[1]!], list)).toBe(true);
  });

  it("are sent in order, statements trimmed, empty statements and birth dates left out", () => {
    const rows = rowsOf(list);
    expect(candidatesBody([{ ...rows[1]!, statement: " Por la cantina " }, rows[0]!])).toEqual([
      { userId: 7, statement: "Por la cantina", birthDate: "1981-04-02" },
      { userId: 5 },
    ]);
  });

  it("follow the size rule: two names to twice the seats", () => {
    expect(sizeRule(2, 1)).toEqual({ min: 2, max: 4, ok: false });
    expect(sizeRule(2, 4).ok).toBe(true);
    expect(sizeRule(2, 5).ok).toBe(false);
    expect(sizeRule(1, 2).ok).toBe(true);
  });
});
