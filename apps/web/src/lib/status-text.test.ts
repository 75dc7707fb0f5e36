import type { StatusTexts } from "@portal/shared/schemas/status-texts";
import { describe, expect, it } from "vitest";
import { statusText } from "./status-text.ts";

const texts: StatusTexts = {
  items: [
    {
      status: "Discontinued",
      label: { es: "En pausa", en: "Paused", fr: "En pause" },
      explanation: { es: "Falta un certificado.", en: "", fr: "Il manque un certificat." },
    },
  ],
};

describe("statusText", () => {
  it("gives the label or explanation in the interface's language", () => {
    expect(statusText(texts, "en", "Discontinued", "label")).toBe("Paused");
    expect(statusText(texts, "fr", "Discontinued", "explanation")).toBe("Il manque un certificat.");
  });

  it("keeps an explanation the school left empty as empty", () => {
    expect(statusText(texts, "en", "Discontinued", "explanation")).toBe("");
  });

  it("falls back to Spanish for a language the portal does not have", () => {
    expect(statusText(texts, "de", "Discontinued", "label")).toBe("En pausa");
  });

  it("knows nothing before the texts arrive, or for a status they do not list", () => {
    expect(statusText(undefined, "es", "Discontinued", "label")).toBeUndefined();
    expect(statusText(texts, "es", "Accepted", "label")).toBeUndefined();
  });
});
