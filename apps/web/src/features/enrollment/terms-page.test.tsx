import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FILE, renderWizardStep } from "../../test/enrollment-step.tsx";
import { ok } from "../../test/fetch-stub.ts";
import { TermsPage } from "./terms-page.tsx";

const TEXTS = `GET /api/enrollment/files/${FILE.id}/terms-texts`;

function openStep(more: Parameters<typeof renderWizardStep>[1]["more"]) {
  return renderWizardStep(<TermsPage />, {
    path: "/portal/inscripciones/terminos-y-condiciones",
    next: "/portal/inscripciones/primer-representante-legal",
    steps: { terms: { data: null } },
    catalogs: {},
    more,
  });
}

describe("the terms step", () => {
  it("shows the school's own terms of use and data-use agreement, and the portal's contract summary", async () => {
    await openStep({
      [TEXTS]: ok({
        items: [
          {
            key: "termsOfUse",
            versionId: 8,
            title: "Normas del portal de la Escuela Los Pinos",
            blocks: [
              { type: "heading", level: 2, spans: [{ text: "Su cuenta", bold: false, italic: false }] },
              {
                type: "paragraph",
                spans: [
                  { text: "La cuenta es ", bold: false, italic: false },
                  { text: "solo suya", bold: true, italic: false },
                  { text: ".", bold: false, italic: false },
                ],
              },
            ],
          },
        ],
      }),
    });
    const terms = await screen.findByRole("region", { name: "Normas del portal de la Escuela Los Pinos" });
    expect(within(terms).getByRole("heading", { name: "Su cuenta" })).toBeTruthy();
    expect(within(terms).getByText("solo suya").tagName).toBe("STRONG");
    // Not given by the school's texts: the portal's wording.
    expect(screen.getByRole("region", { name: "Acuerdo de uso de los datos personales" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Contrato de servicios educativos" }).textContent).toContain(
      "en un plazo de 2 horas",
    );
  });

  it("shows the portal's wording when the school's texts cannot be read", async () => {
    await openStep({});
    const terms = await screen.findByRole("region", { name: "Términos de uso del portal" });
    expect(terms.textContent).toContain("La cuenta es personal.");
  });
});
