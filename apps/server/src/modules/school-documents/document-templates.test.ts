import { LANGUAGE_CODES } from "@portal/shared/languages";
import { BUILT_IN_DOCUMENTS, fillBlocks, parseDocumentText, unknownFields } from "@portal/shared/school-documents";
import { describe, expect, it } from "vitest";
import { builtInTemplate } from "./document-templates.ts";

describe("the portal's texts as the documents' version 1", () => {
  it("use only fields the portal fills, and leave no placeholder once filled, in every language", () => {
    for (const key of BUILT_IN_DOCUMENTS) {
      for (const language of LANGUAGE_CODES) {
        const { title, body } = builtInTemplate(key, language);
        expect(title.length, `${key} ${language}`).toBeGreaterThan(5);
        expect(unknownFields(body), `${key} ${language}`).toEqual([]);
        const filled = fillBlocks(parseDocumentText(body), { studentName: "Ana", schoolYear: "2026-2027" });
        expect(JSON.stringify(filled), `${key} ${language}`).not.toMatch(/\{\{|\}\}/);
      }
    }
  });
});
