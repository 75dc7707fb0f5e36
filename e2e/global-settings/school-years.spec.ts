import { expect, type Page, test } from "@playwright/test";
import { CURRENT_YEAR, DEMO_CALENDAR, dayFirst, NEXT_YEAR } from "../support/demo-calendar.ts";
import { DEMO_PASSWORD, signIn } from "../support/session.ts";

test.use({ locale: "en-US" });

const YEARS_URL = "/portal/dashboards/settings/academic-year";
/** Today in the school's time zone (Ecuador, UTC−5), as the server counts window days. */
const schoolToday = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
/** An ISO day as the date fields read it (DD/MM/YYYY). */

/** A family signs in to a chosen school year from the (English) login screen. */
async function familyLogIn(page: Page, email: string, yearLabel: string) {
  await page.goto("/login");
  await page.getByLabel("School year").selectOption({ label: yearLabel });
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/api/auth/login")),
    page.getByRole("button", { name: "Log in" }).click(),
  ]);
}

test("the Admin creates the next year and opens re-enrollment; a family sees the windows up front", async ({
  page,
  browser,
}) => {
  await signIn(page, "admin@demo.local", { path: YEARS_URL });
  await expect(page.getByRole("heading", { level: 1, name: "Año lectivo" })).toBeVisible();
  const current = page.getByRole("article", { name: CURRENT_YEAR });
  await expect(current.getByText("Año vigente", { exact: true })).toBeVisible();

  // Create the next year: the dialog proposes it one year on from the latest.
  await page.getByRole("button", { name: "Crear el próximo año lectivo" }).click();
  const dialog = page.getByRole("dialog", { name: "Crear un año lectivo" });
  await expect(dialog.getByLabel("Año lectivo")).toHaveValue(NEXT_YEAR);
  await expect(dialog.getByRole("textbox", { name: "Primer día de clases" })).toHaveValue(
    dayFirst(DEMO_CALENDAR.next.startsOn),
  );
  await expect(dialog.getByText(`se copian de ${CURRENT_YEAR}`, { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Crear" }).click();
  await expect(dialog).toBeHidden();
  const year = page.getByRole("article", { name: NEXT_YEAR });
  await expect(year.getByRole("group", { name: "Alumnos nuevos" }).getByText("Cerrado", { exact: true })).toBeVisible();
  await expect(year.getByRole("group", { name: "Reinscripción" }).getByText("Cerrado", { exact: true })).toBeVisible();

  // Creating it twice is refused under the label.
  await page.getByRole("button", { name: "Crear el próximo año lectivo" }).click();
  await dialog.getByLabel("Año lectivo").fill(NEXT_YEAR);
  await dialog.getByRole("button", { name: "Crear" }).click();
  await expect(dialog.getByText("Ya existe un año lectivo con este nombre.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();

  // Open re-enrollment from today to the last school day; an inverted window is refused first.
  const reEnrollment = year.getByRole("group", { name: "Reinscripción" });
  await reEnrollment.getByRole("button", { name: "Editar las fechas" }).click();
  const windowDialog = page.getByRole("dialog", { name: `Reinscripción — ${NEXT_YEAR}` });
  // The earliest opening is named as such, and the first day of classes as itself.
  await expect(
    windowDialog.getByText(
      /^Un periodo puede abrir desde el \d{1,2} de \p{L}+ de \d{4}, 12 meses antes del primer día de clases \(\d{1,2} de \p{L}+ de \d{4}\)/u,
    ),
  ).toBeVisible();
  // A click opens the date field's calendar; Escape closes it, not the dialog around it.
  await windowDialog.getByRole("textbox", { name: "Abre el" }).click();
  const calendar = page.locator("[data-dates-dropdown]");
  await expect(calendar).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(calendar).toBeHidden();
  await expect(windowDialog).toBeVisible();
  await windowDialog.getByRole("textbox", { name: "Abre el" }).fill(`01/05/${DEMO_CALENDAR.next.endsOn.slice(0, 4)}`);
  await windowDialog
    .getByRole("textbox", { name: "Cierra el (incluido)" })
    .fill(`01/04/${DEMO_CALENDAR.next.endsOn.slice(0, 4)}`);
  await windowDialog.getByRole("button", { name: "Guardar" }).click();
  await expect(windowDialog.getByText("La fecha de inicio debe ser anterior o igual a la fecha de fin")).toBeVisible();
  await windowDialog.getByRole("textbox", { name: "Abre el" }).fill(dayFirst(schoolToday()));
  await windowDialog.getByRole("textbox", { name: "Cierra el (incluido)" }).fill(dayFirst(DEMO_CALENDAR.next.endsOn));
  await windowDialog.getByRole("button", { name: "Guardar" }).click();
  await expect(windowDialog).toBeHidden();
  await expect(reEnrollment.getByText("Abierto", { exact: true })).toBeVisible();

  // The family may now pick 2026-2027 at login, and sees before any click what it may do.
  const family = await browser.newPage({ locale: "en-US" });
  await familyLogIn(family, "familia1@demo.local", NEXT_YEAR);
  await expect(family).toHaveURL(/\/portal\/inscripciones\/bienvenido$/);
  const windows = family.getByTestId("enrollment-windows");
  await expect(windows.getByText(`Periodos de inscripción de ${NEXT_YEAR}`)).toBeVisible();
  await expect(windows.getByText("Alumnos nuevos: cerrado")).toBeVisible();
  await expect(
    windows.getByText(`Reinscripción: abierto hasta el 3 de julio de ${DEMO_CALENDAR.next.endsOn.slice(0, 4)}`),
  ).toBeVisible();
  await expect(family.getByRole("button", { name: "Agregar un alumno" })).toHaveCount(0);
  await expect(family.getByText("No es posible agregar un alumno nuevo ahora")).toBeVisible();

  // The Admin closes re-enrollment now (confirmed); the family's screen says all is closed.
  await reEnrollment.getByRole("button", { name: "Cerrar ahora" }).click();
  await page.getByRole("button", { name: "Sí" }).click();
  await expect(reEnrollment.getByText("Cerrado", { exact: true })).toBeVisible();
  await expect(reEnrollment.getByText("Cerrado anticipadamente el", { exact: false })).toBeVisible();
  await family.reload();
  await expect(family.getByText(`Las inscripciones para ${NEXT_YEAR} están cerradas.`, { exact: false })).toBeVisible();
  await expect(family.getByTestId("enrollment-windows").getByText("Reinscripción: cerrado")).toBeVisible();
  await family.close();

  // A closed year is no longer offered at login (2025-2026, current, still is).
  const visitor = await browser.newPage({ locale: "en-US" });
  await visitor.goto("/login");
  const options = visitor.getByLabel("School year").locator("option");
  await expect(options.filter({ hasText: CURRENT_YEAR })).toHaveCount(1);
  await expect(options.filter({ hasText: NEXT_YEAR })).toHaveCount(0);
  await visitor.close();

  // Restore the demo: the empty year is deleted after confirmation.
  await year.getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByText("¿Está seguro de que desea eliminar?")).toBeVisible();
  await page.getByRole("button", { name: "Sí" }).click();
  await expect(page.getByRole("article", { name: NEXT_YEAR })).toHaveCount(0);
  // The current year has files: it cannot be deleted.
  await expect(current.getByRole("button", { name: "Eliminar" })).toBeDisabled();
});
