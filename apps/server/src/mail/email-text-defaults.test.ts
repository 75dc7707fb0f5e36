import { EMAIL_TEXT_IDS, emailTextProblem } from "@portal/shared/email-texts";
import { LANGUAGE_CODES } from "@portal/shared/languages";
import { describe, expect, it } from "vitest";
import { portalEmailText } from "./email-text-defaults.ts";

describe("the portal's e-mail texts with placeholders", () => {
  it("use only their own fields and every required one, in every language", () => {
    for (const id of EMAIL_TEXT_IDS) {
      for (const language of LANGUAGE_CODES) {
        const text = portalEmailText(id, language);
        expect(emailTextProblem(id, text.subject, text.body), `${id} ${language}`).toBeNull();
      }
    }
  });

  it("read as the catalogue's mail, placeholders in place of the values", () => {
    expect(portalEmailText("correctionRequested", "en").body).toContain("Steps to correct:\n{{steps}}\n\n");
    expect(portalEmailText("requestStatusChanged", "fr").body).toContain("Son nouveau statut\u202f: {{status}}.");
    expect(portalEmailText("activation", "es").body).toMatch(/: \{\{link\}\}\n\n/);
    expect(portalEmailText("electionResults", "en").body).toContain("Elected, in list order:\n{{elected}}");
  });
});
