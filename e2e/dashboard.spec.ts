import { type Browser, expect, type Page, test } from "@playwright/test";
import type { Dashboard } from "@portal/shared/schemas/dashboard";
import { CURRENT_YEAR, PAST_YEAR } from "./support/demo-calendar.ts";
import { sameOrigin, signIn } from "./support/session.ts";
import { runTag, sendNewFile } from "./support/wizard.ts";

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US" });

const LISTS = "/portal/dashboards/inscriptions";
// Other specs change requests at the same time: figures are compared with the answer the page
// itself received, and this spec's own request is found by a surname no other run shares.
const TAG = runTag("Zd");

/** familia1 sends two files: one stays untreated, the other is accepted in the test (a recent change). */
async function sendFiles(browser: Browser): Promise<void> {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await signIn(page, "familia1@demo.local", { path: null });
  for (const first of ["Dora", "Tomás"]) {
    await sendNewFile(page, { studentFile: { names: first, firstName: "Vera", secondName: TAG } });
  }
  await context.close();
}

test.beforeAll(async ({ browser }) => {
  await sendFiles(browser);
});

/** Opens the dashboard after login and answers what GET /api/dashboard gave the page. */
async function openDashboard(page: Page, email: string): Promise<Dashboard> {
  const answer = page.waitForResponse((response) => response.url().includes("/api/dashboard") && response.ok());
  await signIn(page, email);
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  return (await (await answer).json()) as Dashboard;
}

const figure = (page: Page, testId: string) => page.getByTestId(testId).getByTestId("figure-value");

test("the secretary sees the year's figures and opens the untreated requests from them", async ({ page }) => {
  // A status change of this run, so the latest changes have one to open.
  await signIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  const found = await page.request.get(`/api/requests?q=${encodeURIComponent(`Tomás ${TAG}`)}`);
  const [tomas] = ((await found.json()) as { items: { id: number }[] }).items;
  expect(tomas).toBeTruthy();
  const accepted = await page.request.post(`/api/requests/${tomas?.id}/actions`, {
    headers: sameOrigin(),
    data: { action: "accept", expectedVersion: 1 },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await expect(page.getByRole("heading", { name: "Panel de control", level: 1 })).toBeVisible();
  // Listening from the moment the reloaded document replaces the old one: an answer the old page
  // was still receiving would be caught, then lose its body with that page ("navigated away
  // from"; seen on a slow CI machine even after waiting for the network to be idle).
  await page.reload({ waitUntil: "commit" });
  const answer = await page.waitForResponse((response) => response.url().includes("/api/dashboard") && response.ok());
  const data = (await answer.json()) as Dashboard;

  await expect(page.getByRole("heading", { name: "Panel de control", level: 1 })).toBeVisible();
  await expect(page.getByTestId("dashboard-school-year")).toHaveText(`Año lectivo ${CURRENT_YEAR}`);
  expect(data.byStatus.Untreated).toBeGreaterThan(0);
  for (const status of ["Untreated", "Accepted", "Finished", "InProcess"] as const) {
    await expect(figure(page, `status-${status}`)).toHaveText(String(data.byStatus[status]));
  }
  await expect(figure(page, "status-notSent")).toHaveText(String(data.notSentFiles));
  // Drafts, files started and requests back with the family: three things, three names.
  await expect(page.getByTestId("status-notSent")).toContainText("Borradores sin enviar");
  await expect(page.getByTestId("funnel-inProcess")).toContainText("Expedientes iniciados");
  await expect(page.getByTestId("status-InProcess")).toContainText("En proceso");
  await expect(page.getByTestId("status-InProcess")).toContainText("Devueltas a la familia para corregir");
  await expect(figure(page, "figure-total")).toHaveText(String(data.totalRequests));
  await expect(figure(page, "funnel-sent")).toHaveText(String(data.totalRequests));
  await expect(figure(page, "kind-new")).toHaveText(String(data.kinds.new));
  await expect(figure(page, "figure-photos")).toHaveText(String(data.photosPending));
  // The chart is one image with a title; its numbers are also a table.
  await expect(page.getByRole("img", { name: "Envíos por día" })).toBeVisible();
  await expect(page.getByTestId("submissions-table").locator("tbody tr")).toHaveCount(30);

  // Figures lead to the lists (filters in the URL) and the photo grid; changes to the detail.
  await expect(page.getByTestId("figure-toTreat")).toHaveAttribute("href", `${LISTS}/without-treating`);
  await expect(page.getByTestId("status-Accepted")).toHaveAttribute("href", `${LISTS}/accepted-request`);
  await expect(page.getByTestId("figure-photos")).toHaveAttribute("href", `${LISTS}/photos?photoStatus=pending`);
  await expect(page.getByTestId("level-CM2").getByRole("link", { name: /^CM2.*nuevos alumnos$/ })).toHaveAttribute(
    "href",
    `${LISTS}/all-request?level=CM2&kind=new`,
  );
  const latest = page.getByTestId("dashboard-latest");
  await expect(latest.getByRole("link", { name: `Tomás Vera ${TAG}` }).first()).toHaveAttribute(
    "href",
    `${LISTS}/request-detail/${tomas?.id}`,
  );

  // Test data: the switch is in the dashboard's URL and goes along into every link.
  const testData = page.getByLabel("Incluir los datos de prueba");
  await testData.click();
  await expect(page).toHaveURL(/\/portal\/dashboard\?testData=include$/);
  await expect(testData).toBeChecked();
  await expect(page.getByTestId("status-Accepted")).toHaveAttribute(
    "href",
    `${LISTS}/accepted-request?testData=include`,
  );
  await testData.click();
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await expect(testData).not.toBeChecked();

  // The untreated figure opens the all-requests list filtered on that status.
  const listCall = page.waitForResponse(
    (response) => response.url().includes("/api/requests?") && response.url().includes("status=Untreated"),
  );
  await page.getByTestId("status-Untreated").click();
  await expect(page).toHaveURL(`${LISTS}/all-request?status=Untreated`);
  expect((await listCall).ok()).toBe(true);
  await expect(page.getByRole("heading", { name: "Todas las solicitudes", level: 1 })).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText("Sin tratar");
  await expect(page.getByTestId("list-range")).toContainText(/de \d+/);

  // The latest change opens the request's detail.
  await page.goBack();
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await latest
    .getByRole("link", { name: `Tomás Vera ${TAG}` })
    .first()
    .click();
  await expect(page).toHaveURL(`${LISTS}/request-detail/${tomas?.id}`);
  await expect(page.getByTestId("request-status")).toHaveText("Aceptada");
});

test("the secretary switches the school year from the header, and a code of another year is found", async ({
  page,
}) => {
  const data = await openDashboard(page, "secretaria@demo.local");
  const found = await page.request.get(`/api/requests?q=${encodeURIComponent(`Dora ${TAG}`)}`);
  const [dora] = ((await found.json()) as { items: { id: number; code: string }[] }).items;
  expect(dora).toBeTruthy();
  const year = page.getByRole("combobox", { name: "Año lectivo seleccionado" });
  await expect(year.locator("option:checked")).toHaveText(data.schoolYear.label);

  // The past year: the dashboard reads its figures again without signing out.
  const pastAnswer = page.waitForResponse((response) => response.url().includes("/api/dashboard") && response.ok());
  await year.selectOption({ label: PAST_YEAR });
  const past = (await (await pastAnswer).json()) as Dashboard;
  expect(past.schoolYear.label).toBe(PAST_YEAR);
  await expect(page.getByTestId("dashboard-school-year")).toHaveText(`Año lectivo ${PAST_YEAR}`);
  await expect(figure(page, "figure-total")).toHaveText(String(past.totalRequests));
  await expect(year.locator("option:checked")).toHaveText(PAST_YEAR);

  // The list shows that year too; a code of the current year is named with its year and a link.
  await page.goto(`${LISTS}/all-request`);
  await expect(page.getByRole("heading", { name: "Todas las solicitudes", level: 1 })).toBeVisible();
  await page.getByLabel("Buscar").fill(dora!.code);
  await expect(page.getByTestId("list-empty")).toBeVisible();
  const notice = page.getByTestId("code-elsewhere");
  await expect(notice).toHaveText(
    `La solicitud ${dora!.code} (Dora Vera ${TAG}) es del año lectivo ${data.schoolYear.label}: abrir la solicitud ${dora!.code}`,
  );

  // Back to the current year from the header: the same search now lists the request itself.
  await year.selectOption({ label: data.schoolYear.label });
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toContainText(`Dora Vera ${TAG}`);
  await expect(notice).toHaveCount(0);

  // The link of a code of another year opens the request's detail whatever the session's year.
  await year.selectOption({ label: PAST_YEAR });
  await expect(page.getByTestId("list-empty")).toBeVisible();
  await notice.getByRole("link", { name: `abrir la solicitud ${dora!.code}` }).click();
  await expect(page).toHaveURL(`${LISTS}/request-detail/${dora!.id}`);
  await expect(page.getByTestId("request-student")).toHaveText(`Dora Vera ${TAG}`);
});

test("Editor sees the dashboard's figures, none of them a link", async ({ page }) => {
  const data = await openDashboard(page, "editor@demo.local");
  await expect(figure(page, "status-Untreated")).toHaveText(String(data.byStatus.Untreated));
  await expect(figure(page, "figure-total")).toHaveText(String(data.totalRequests));
  await expect(page.getByTestId("dashboard-latest").or(page.getByText("Todavía no hay cambios"))).toBeVisible();
  await expect(page.getByTestId("dashboard").getByRole("link")).toHaveCount(0);
  // The lists stay closed to Editor.
  await page.goto(`${LISTS}/all-request?status=Untreated`);
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test("on a phone the per-level table shows its four columns within the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  const table = page.getByTestId("dashboard-levels");
  await table.scrollIntoViewIfNeeded();
  for (const name of ["Nivel", "Total", "Nuevos", "Reinscripciones"]) {
    const box = await table.getByRole("columnheader", { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
  }

  // No room for the year's select in a phone's header: the years are in the user menu.
  await expect(page.getByRole("combobox", { name: "Año lectivo seleccionado" })).toBeHidden();
  await page.getByRole("button", { name: /menú de usuario$/ }).click();
  await page.getByRole("menuitem", { name: PAST_YEAR }).click();
  await expect(page.getByTestId("dashboard-school-year")).toHaveText(`Año lectivo ${PAST_YEAR}`);
});
