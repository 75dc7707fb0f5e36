import { expect, test } from "@playwright/test";
import { signIn } from "./support/session.ts";
import { runTag, sendNewFile } from "./support/wizard.ts";

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US" });

const LISTS = "/portal/dashboards/inscriptions";
// Names made of letters no other run shares, so the searches find this run's people only.
const TAG = runTag("Rq");
const STUDENT = `Renata Salazar ${TAG}`;
const FIRST = `Marisol ${TAG} Vera`;

test.beforeAll(async ({ browser }) => {
  // familia1 sends one file whose first representative and student carry this run's tag.
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await signIn(page, "familia1@demo.local", { path: null });
  await sendNewFile(page, {
    studentFile: { names: "Renata", firstName: "Salazar", secondName: TAG },
    firstRepresentative: { names: "Marisol", firstName: TAG, secondName: "Vera" },
  });
  await context.close();
});

test("the secretary finds a first representative by name and opens the request", async ({ page }) => {
  await signIn(page, "secretaria@demo.local", { path: `${LISTS}/first-representatives` });
  await expect(page.getByRole("heading", { name: "Primeros representantes", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Representantes" });
  await expect(table).toBeVisible();

  // The search runs after a pause in typing and lands in the URL.
  await page.getByLabel("Buscar").fill(`marisol ${TAG.toLowerCase()}`);
  await expect(page).toHaveURL(new RegExp(`first-representatives\\?q=marisol\\+${TAG.toLowerCase()}$`));
  const row = table.getByRole("row").filter({ hasText: FIRST });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId("list-range")).toHaveText("1–1 de 1 representantes");
  await expect(row).toContainText("PASS10001");
  await expect(row).toContainText("Madre");
  await expect(row.getByRole("link", { name: "rep1@example.ec" })).toHaveAttribute("href", "mailto:rep1@example.ec");
  await expect(row).toContainText("Sin tratar");
  // The first representatives list has no "type" column; its only type is the first.
  await expect(table.getByRole("columnheader", { name: "Tipo" })).toHaveCount(0);

  // Sorting by a header is in the URL too.
  await page.getByRole("button", { name: "Código", exact: true }).click();
  await expect(page).toHaveURL(/sort=code$/);
  await expect(row).toBeVisible();

  // The row's request: its detail, and back to this list as it was.
  await row.getByRole("link", { name: STUDENT }).click();
  await expect(page).toHaveURL(
    /\/request-detail\/\d+\?from=%2Fportal%2Fdashboards%2Finscriptions%2Ffirst-representatives/,
  );
  await expect(page.getByTestId("request-student")).toHaveText(STUDENT);
  // Through a module page and back, the list it came from is kept.
  await page.getByRole("link", { name: "Primer representante" }).click();
  await expect(page).toHaveURL(
    /\/first-representative\/\d+\?from=%2Fportal%2Fdashboards%2Finscriptions%2Ffirst-representatives/,
  );
  await page.getByRole("link", { name: "← Volver a la solicitud" }).click();
  await expect(page.getByTestId("request-student")).toHaveText(STUDENT);
  await page.getByRole("link", { name: "← Volver a la lista" }).click();
  await expect(page).toHaveURL(new RegExp(`first-representatives\\?q=marisol\\+${TAG.toLowerCase()}&sort=code$`));
  await expect(row).toBeVisible();
});

test("each list holds its own representatives: the second of the same request, or both", async ({ page }) => {
  await signIn(page, "consulta@demo.local");
  // The student's name finds the request's second representative (the default body's Jorge Pérez).
  await page.goto(`${LISTS}/second-representatives?q=${TAG}`);
  await expect(page.getByRole("heading", { name: "Segundos representantes", level: 1 })).toBeVisible();
  const rows = page.getByRole("table", { name: "Representantes" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Jorge Pérez");
  await expect(rows.nth(1)).toContainText(STUDENT);

  await page.goto(`${LISTS}/legal-representatives?q=${TAG}`);
  await expect(page.getByTestId("list-range")).toHaveText("1–2 de 2 representantes");
  // Both, by name: Jorge before Marisol, each with its number.
  await expect(rows.nth(1)).toContainText("Jorge Pérez");
  await expect(rows.nth(1)).toContainText("Representante 2");
  await expect(rows.nth(2)).toContainText(FIRST);
  await expect(rows.nth(2)).toContainText("Representante 1");
  // Consulta reads: nothing here changes anything.
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  // A row click opens the request too.
  await rows.nth(2).getByRole("cell").first().click();
  await expect(page.getByTestId("request-student")).toHaveText(STUDENT);
});
