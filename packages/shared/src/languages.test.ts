import { describe, expect, it } from "vitest";
import { parseAcceptLanguage, pickInitialLanguage } from "./languages.ts";

describe("pickInitialLanguage (spec 3: second browser language, else first, else Spanish)", () => {
  it("prefers the browser's second language when supported", () => {
    expect(pickInitialLanguage(["en-US", "fr-FR"])).toBe("fr");
  });
  it("falls back to the first language when the second is unsupported or absent", () => {
    expect(pickInitialLanguage(["en-US", "de-DE"])).toBe("en");
    expect(pickInitialLanguage(["fr"])).toBe("fr");
  });
  it("falls back to Spanish", () => {
    expect(pickInitialLanguage(["de-DE", "it"])).toBe("es");
    expect(pickInitialLanguage([])).toBe("es");
  });
});

describe("parseAcceptLanguage", () => {
  it("orders by quality and drops wildcards and q=0", () => {
    expect(parseAcceptLanguage("fr;q=0.5, en-US, es;q=0.8, *;q=0.1, de;q=0")).toEqual(["en-US", "es", "fr"]);
  });
  it("survives garbage", () => {
    expect(parseAcceptLanguage(";;,,q=abc")).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});
