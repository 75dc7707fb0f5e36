import { describe, expect, it } from "vitest";
import { dispositionFilename } from "./content-disposition.ts";

describe("dispositionFilename", () => {
  it("prefers the UTF-8 name, then the plain one, then the fallback", () => {
    expect(
      dispositionFilename(`attachment; filename="resume.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`, "x.pdf"),
    ).toBe("résumé.pdf");
    expect(dispositionFilename(`attachment; filename="resumen-INS-1.pdf"`, "x.pdf")).toBe("resumen-INS-1.pdf");
    expect(dispositionFilename("attachment; filename=plain.pdf", "x.pdf")).toBe("plain.pdf");
    expect(dispositionFilename(null, "x.pdf")).toBe("x.pdf");
    expect(dispositionFilename(`attachment; filename*=UTF-8''%E0%A4%A.pdf; filename="ok.pdf"`, "x.pdf")).toBe("ok.pdf");
  });
});
