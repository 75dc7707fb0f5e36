import { describe, expect, it } from "vitest";
import { generateCode } from "./catalog-code.ts";

describe("generateCode", () => {
  it("writes the Spanish label in capitals without accents, words joined by _", () => {
    expect(generateCode("Tío abuelo", 40, new Set())).toBe("TIO_ABUELO");
    expect(generateCode("  Unión  libre / PACS ", 40, new Set())).toBe("UNION_LIBRE_PACS");
  });

  it("adds a number when the code is taken (deleted codes included) and stays within the maximum", () => {
    expect(generateCode("Tío", 40, new Set(["tio"]))).toBe("TIO_2");
    expect(generateCode("Tío", 40, new Set(["tio", "tio_2"]))).toBe("TIO_3");
    expect(generateCode("Doctora en leyes", 5, new Set())).toBe("DOCTO");
    expect(generateCode("Doctora en leyes", 5, new Set(["docto"]))).toBe("DOC_2");
  });

  it("falls back to ITEM for a label with no letter or digit", () => {
    expect(generateCode("¿¡!?", 40, new Set())).toBe("ITEM");
  });
});
