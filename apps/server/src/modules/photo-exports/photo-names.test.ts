import { describe, expect, it } from "vitest";
import { fitBytes, photoEntryName, safeSegment, surnamesFirst, UniqueNames } from "./photo-names.ts";

describe("photo ZIP names", () => {
  it("puts surnames before names and skips what is missing", () => {
    expect(surnamesFirst({ firstName: "Andrade", secondName: "Vela", names: "Mateo José" })).toBe(
      "Andrade Vela Mateo José",
    );
    expect(surnamesFirst({ firstName: " Ruiz ", names: "Luis", secondName: "" })).toBe("Ruiz Luis");
  });

  it("makes a segment safe for every OS", () => {
    expect(safeSegment('a<b>c:d"e/f\\g|h?i*j')).toBe("a_b_c_d_e_f_g_h_i_j");
    expect(safeSegment("tab\there\u0000x")).toBe("tab here_x");
    expect(safeSegment("..hidden")).toBe("hidden");
    expect(safeSegment("../../etc/passwd")).toBe("_.._etc_passwd");
    expect(safeSegment("trailing. . ")).toBe("trailing");
    expect(safeSegment("CON")).toBe("_CON");
    expect(safeSegment("lpt1.txt")).toBe("_lpt1.txt");
    expect(safeSegment("   ")).toBe("_");
    // Decomposed accents become composed ones (NFC).
    expect(safeSegment("Jose\u0301")).toBe("José");
  });

  it("cuts by UTF-8 bytes without splitting a character", () => {
    expect(fitBytes("ééé", 5)).toBe("éé");
    expect(fitBytes("abc", 10)).toBe("abc");
    const long = photoEntryName({ folder: "CM2", who: "Ñ".repeat(300), code: "INS-2025-000042", ext: "jpg" });
    expect(long.endsWith(" - INS-2025-000042.jpg")).toBe(true);
    expect(Buffer.byteLength(long.split("/")[1]!)).toBeLessThanOrEqual(220);
  });

  it("names an entry <level>/<who> - <code>.<ext>", () => {
    expect(photoEntryName({ folder: "CM2", who: "Andrade Vela Mateo", code: "INS-2025-000042", ext: "jpg" })).toBe(
      "CM2/Andrade Vela Mateo - INS-2025-000042.jpg",
    );
    expect(photoEntryName({ folder: "sin nivel", who: "A/B", code: "X", ext: "png" })).toBe("sin nivel/A_B - X.png");
  });

  it("makes duplicates unique, whatever the case", () => {
    const names = new UniqueNames();
    expect(names.take("CM2/Ana - A.jpg")).toBe("CM2/Ana - A.jpg");
    expect(names.take("CM2/ana - a.jpg")).toBe("CM2/ana - a (2).jpg");
    expect(names.take("CM2/Ana - A.jpg")).toBe("CM2/Ana - A (3).jpg");
    expect(names.take("CM1/Ana - A.jpg")).toBe("CM1/Ana - A.jpg");
  });
});
