import { expect, test } from "@playwright/test";
import { downloadPdf } from "./support/documents.ts";
import { sameOrigin, signIn } from "./support/session.ts";
import { runTag, sendNewFile } from "./support/wizard.ts";

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

// Other specs send files at the same time: this run's student is found by a surname no other run shares.
const TAG = runTag("Mr");
const STUDENT = `Abril Pérez ${TAG}`;
const ALLERGEN = `Maní ${TAG}`;

/** familia1 sends a CM2 file with a food allergy and emergency measures refused; the secretary accepts it. */
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await signIn(page, "familia1@demo.local", { path: null });
  await sendNewFile(page, {
    studentFile: { names: "Abril", firstName: "Pérez", secondName: TAG },
    medicalRecord: {
      allergies: { medications: [], foods: [{ item: ALLERGEN, reaction: "Anafilaxia" }], insects: [], other: [] },
      authorizeEmergencyActions: false,
    },
  });
  await context.close();
  const staff = await browser.newContext({ locale: "en-US" });
  const secretary = await staff.newPage();
  await signIn(secretary, "secretaria@demo.local", { path: null });
  const found = await secretary.request.get(`/api/requests?q=${TAG}`);
  const [request] = ((await found.json()) as { items: { id: number }[] }).items;
  const accepted = await secretary.request.post(`/api/requests/${request?.id}/actions`, {
    headers: sameOrigin(),
    data: { action: "accept", expectedVersion: 1 },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await staff.close();
});

test("a secretary picks a level, sees a student's allergies and prints the level's PDF", async ({ page }) => {
  await signIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await page
    .getByRole("navigation", { name: "Navegación principal" })
    .getByRole("link", { name: "Fichas médicas" })
    .click();
  await expect(page.getByRole("heading", { name: "Fichas médicas", level: 1 })).toBeVisible();
  await expect(page.getByTestId("medical-pick-level")).toBeVisible();
  await expect(page.getByRole("button", { name: "Imprimir el PDF de este nivel" })).toBeDisabled();

  await page.getByLabel("Nivel").selectOption("CM2");
  await expect(page).toHaveURL(/[?&]level=CM2/);
  await page.getByLabel("Registros por página").selectOption("100");
  const card = page.getByRole("article", { name: STUDENT });
  await expect(card).toBeVisible();
  await expect(card.getByText("Tiene alergias")).toBeVisible();
  await expect(card.getByTestId("emergency-not-authorized")).toHaveText("Medidas de emergencia NO autorizadas");
  await expect(card.getByRole("group", { name: "Alimentos" })).toContainText(`${ALLERGEN} — reacción: Anafilaxia`);
  await expect(card.getByRole("group", { name: "Medicamentos" })).toContainText("Ninguna");

  const pdf = await downloadPdf(page, "Imprimir el PDF de este nivel");
  expect(pdf.name).toMatch(/^medical-records-CM2-.+\.pdf$/);
  expect(pdf.doc.getPageCount()).toBeGreaterThan(0);
  const text = pdf.text.replace(/\s+/g, " ");
  expect(text).toContain("Fichas médicas – CM2");
  expect(text).toContain(STUDENT);
  expect(text).toContain(`${ALLERGEN} — reacción: Anafilaxia`);
  expect(text).toContain("ATENCIÓN: la familia NO autoriza las medidas de emergencia");
});

test("an editor has no medical records entry and is refused the screen", async ({ page }) => {
  await signIn(page, "editor@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  const nav = page.getByRole("navigation", { name: "Navegación principal" });
  await expect(nav.getByText("Reportes").first()).toBeVisible();
  await expect(nav.getByText("Fichas médicas")).toHaveCount(0);
  await page.goto("/portal/medical-records?level=CM2");
  await expect(page).toHaveURL(/\/unauthorized$/);
});
