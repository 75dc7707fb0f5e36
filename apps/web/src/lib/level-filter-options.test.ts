import { describe, expect, it } from "vitest";
import { levelFilterOptions } from "./level-filter-options.ts";

describe("levelFilterOptions", () => {
  const levels = [
    { code: "TPS", label: "Toute petite section" },
    { code: "2NDE", label: "Seconde" },
  ];

  it("names each level, after the choice of every level", () => {
    expect(levelFilterOptions(levels, "Todos los niveles", null)).toEqual([
      { value: "", label: "Todos los niveles" },
      { value: "TPS", label: "Toute petite section" },
      { value: "2NDE", label: "Seconde" },
    ]);
  });

  it("keeps the URL's level selectable while the catalogue loads", () => {
    expect(levelFilterOptions(undefined, "Todos", "CM1")).toEqual([
      { value: "", label: "Todos" },
      { value: "CM1", label: "CM1" },
    ]);
    expect(levelFilterOptions(levels, "Todos", "TPS")).toHaveLength(3);
  });
});
