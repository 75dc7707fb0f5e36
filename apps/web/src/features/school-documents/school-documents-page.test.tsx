import type { SchoolDocumentAdmin, SchoolDocumentsAdmin } from "@portal/shared/schemas/school-documents";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { SchoolDocumentsPage } from "./school-documents-page.tsx";

const texts = (es: string, en: string, fr: string) => ({ es, en, fr });
const v1 = {
  id: 11,
  number: 1,
  titles: texts("Contrato", "Contract", "Contrat"),
  bodies: texts(
    "## Partes\n\nContrato de {{studentName}}.",
    "Contract of {{studentName}}.",
    "Contrat de {{studentName}}.",
  ),
  createdAt: "2026-12-01T10:00:00.000Z",
  publishedAt: "2026-12-01T10:00:00.000Z",
  publishedBy: null,
};
const contract: SchoolDocumentAdmin = {
  id: 3,
  key: "contract",
  builtIn: true,
  online: false,
  audience: "both",
  levels: null,
  version: 1,
  draft: null,
  inForce: v1,
  history: [v1],
};
const page: SchoolDocumentsAdmin = {
  schoolYearId: 2,
  documents: [contract],
  fees: { texts: texts("", "", ""), version: 0 },
};

async function open() {
  await renderScreen(<SchoolDocumentsPage />, {
    session: signedInSession("en", "Admin"),
    language: "en",
    namespaces: ["schoolDocuments", "routes"],
  });
  return userEvent.setup();
}

describe("Settings › Documents", () => {
  it("edits a document with a live preview and saves it as a draft", async () => {
    const api = stubApi({
      "GET /api/settings/documents": ok(page),
      "PUT /api/settings/documents/3/draft": ok({
        ...contract,
        version: 2,
        draft: { ...v1, id: 12, number: 2, publishedAt: null },
      }),
      "GET /api/catalogs/levels": ok([]),
    });
    const user = await open();
    expect(await screen.findByText("Version in force: 1")).toBeTruthy();
    const body = screen.getByRole("textbox", { name: /^Text/ });
    await user.clear(body);
    await user.type(body, "# Our own contract{enter}{enter}Signed by **the family**.");
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(within(preview).getByRole("heading", { name: "Our own contract" })).toBeTruthy();
    expect(within(preview).getByText("the family").tagName).toBe("STRONG");
    await user.click(screen.getByRole("button", { name: "Save the draft" }));
    await waitFor(() => expect(api.to("PUT /api/settings/documents/3/draft")).toHaveLength(1));
    expect(api.to("PUT /api/settings/documents/3/draft")[0]?.body).toMatchObject({
      bodies: { en: "# Our own contract\n\nSigned by **the family**.", es: v1.bodies.es, fr: v1.bodies.fr },
      expectedVersion: 1,
    });
  });

  it("shows an unknown field under the text, as the server names it", async () => {
    stubApi({
      "GET /api/settings/documents": ok(page),
      "PUT /api/settings/documents/3/draft": apiError(
        400,
        "DOCUMENT_FIELD_UNKNOWN",
        "This document cannot use {{nombre}}",
        {
          "bodies.en": "This document cannot use {{nombre}}: use only the fields listed.",
        },
      ),
      "GET /api/catalogs/levels": ok([]),
    });
    const user = await open();
    await user.click(await screen.findByRole("button", { name: "Save the draft" }));
    expect(await screen.findByText("This document cannot use {{nombre}}: use only the fields listed.")).toBeTruthy();
  });

  it("publishes only after the confirmation, then previews it with a request", async () => {
    const published = {
      ...contract,
      version: 3,
      inForce: { ...v1, id: 12, number: 2 },
      history: [{ ...v1, id: 12, number: 2 }, v1],
    };
    const api = stubApi({
      "GET /api/settings/documents": ok(page),
      "PUT /api/settings/documents/3/draft": ok({
        ...contract,
        version: 2,
        draft: { ...v1, id: 12, number: 2, publishedAt: null },
      }),
      "POST /api/settings/documents/3/publish": ok(published),
      "POST /api/settings/documents/3/preview": ok({
        title: "Contract",
        blocks: [{ type: "paragraph", spans: [{ text: "Contract of Lucía Torres.", bold: false, italic: false }] }],
        requestCode: "INS-26-000007",
        studentName: "Lucía Torres",
      }),
      "GET /api/catalogs/levels": ok([]),
    });
    const user = await open();
    await user.click(await screen.findByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish this version?" });
    expect(within(dialog).getByText(/Version 2 of “Educational services contract” will be in force/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    expect(api.to("POST /api/settings/documents/3/publish")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Publish" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(api.to("POST /api/settings/documents/3/publish")).toHaveLength(1));
    expect(api.to("POST /api/settings/documents/3/publish")[0]?.body).toEqual({ expectedVersion: 2 });

    await user.type(screen.getByRole("textbox", { name: "Request code" }), "INS-26-000007");
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByText("Contract of Lucía Torres.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the documents to sign PDF" }).getAttribute("href")).toBe(
      "/api/settings/documents/3/preview.pdf?language=en&requestCode=INS-26-000007",
    );
  });
});
