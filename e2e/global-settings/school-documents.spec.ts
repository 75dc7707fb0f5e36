import { expect, test } from "@playwright/test";
import { flat, readPdfText } from "../../apps/server/test/support/pdf-text.ts";
import { signIn } from "../support/session.ts";

test.use({ locale: "es-EC" });

// School-wide state: the contract's own text is published, then the portal's text is published
// back as the next version, so later runs draw the contract they expect.
test("the Admin publishes the school's own contract, and a request's documents to sign show it", async ({ page }) => {
  await signIn(page, "admin@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  const list = await page.request.get("/api/requests?page=1&pageSize=10");
  expect(list.ok()).toBe(true);
  const code = ((await list.json()) as { items: { code: string }[] }).items[0]?.code ?? "";
  expect(code).not.toBe("");

  await page.goto("/portal/dashboards/settings/documents");
  await expect(page.getByRole("heading", { name: "Documentos de la institución", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Documento")).toHaveValue(/\d+/);
  const body = page.getByRole("textbox", { name: /^Texto/ });
  const portalText = await body.inputValue();
  const own =
    "## Contrato de la Escuela Los Pinos\n\nLa escuela acoge a **{{studentName}}** durante el año {{schoolYear}}.";
  await body.fill(own);
  // The live preview reads the Markdown as typed.
  const preview = page.getByRole("region", { name: "Vista previa" });
  await expect(preview.getByRole("heading", { name: "Contrato de la Escuela Los Pinos" })).toBeVisible();

  const publish = async () => {
    await page.getByRole("button", { name: "Publicar" }).click();
    const dialog = page.getByRole("dialog", { name: "¿Publicar esta versión?" });
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/publish") && r.status() === 200),
      dialog.getByRole("button", { name: "Sí" }).click(),
    ]);
  };
  await publish();
  await expect(page.getByTestId("document-state")).toContainText("Versión vigente:");

  // The request's text, filled with its student, and its documents to sign as a PDF.
  await page.getByRole("textbox", { name: "Código de la solicitud" }).fill(code);
  await page.getByRole("button", { name: "Mostrar" }).click();
  const filled = page.getByTestId("request-preview");
  await expect(filled).toContainText("La escuela acoge a");
  await expect(filled).not.toContainText("{{");
  const href = await page
    .getByRole("link", { name: "Abrir el PDF de los documentos para firmar" })
    .getAttribute("href");
  const pdf = await page.request.get(href ?? "");
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect(flat((await readPdfText(await pdf.body())).text)).toContain(
    "Contrato de la Escuela Los Pinos La escuela acoge a",
  );

  // Back to the portal's wording, as a new version.
  await page.getByRole("textbox", { name: /^Texto/ }).fill(portalText);
  await publish();
});
