import { expect, type Page, test } from "@playwright/test";
import { registerAccount } from "../support/accounts.ts";
import { MARRIED, renameMarried } from "../support/catalogues.ts";
import { DEMO_CALENDAR, dayFirst, NEXT_YEAR } from "../support/demo-calendar.ts";
import { setUpMfaOnScreen } from "../support/mfa.ts";
import { linkFromOutbox } from "../support/outbox.ts";
import { logIn, signIn } from "../support/session.ts";
import { openWizardStep, runTag, saveStepsBefore, startNewFile } from "../support/wizard.ts";

/**
 * The administration journey in one sitting from the demo: the Admin (working in Spanish) creates the
 * next school year and opens its re-enrollment, invites a Secretaria who activates her account and
 * signs in, deactivates her, renames a catalogue entry that a family then sees in three languages,
 * changes the discount a family then sees on its finance step, and finds each action in the audit
 * log. The other global-settings specs try each screen's edges; this one is the whole journey.
 */
test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });
test.setTimeout(180_000);

const SETTINGS = "/portal/dashboards/settings";
/** The demo's family discount, and an unusual one no other spec sets (its audit row is this run's). */
const DISCOUNT_BEFORE = "10";
const DISCOUNT = 23;
/** Today in the school's time zone (Ecuador, UTC−5), as the server counts window days. */
const schoolToday = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
/** An ISO day as the date fields read it (DD/MM/YYYY). */

async function saveDiscount(admin: Page, percent: string): Promise<void> {
  await admin.goto(`${SETTINGS}/general`);
  await admin.getByLabel("Descuento familiar (%)", { exact: true }).fill(percent);
  await Promise.all([
    admin.waitForResponse((response) => response.request().method() === "PUT" && response.status() === 200),
    admin.getByRole("button", { name: "Guardar reglas" }).click(),
  ]);
}

/**
 * The audit log, filtered to the demo Admin's events of one kind, shows one naming `text` (the
 * newest come first; other specs may add events of the same kind around this one).
 */
async function expectAudited(admin: Page, eventLabel: string, text: string): Promise<void> {
  await admin.goto(`${SETTINGS}/audit-log`);
  await admin.getByLabel("Por (correo o nombre)").fill("admin@demo.local");
  await admin.getByLabel("Evento", { exact: true }).selectOption({ label: eventLabel });
  await admin.getByRole("button", { name: "Aplicar filtros" }).click();
  const rows = admin.getByRole("table", { name: "Registro de auditoría" }).getByRole("row");
  await expect(rows.filter({ hasText: eventLabel }).filter({ hasText: text }).first()).toBeVisible();
}

test("an Admin runs the next school year's set-up from the demo and finds every action in the audit log", async ({
  page: admin,
  browser,
  baseURL,
}) => {
  const tag = runTag("adm");
  const renamed = { es: `Casado/a ${tag}`, en: `Married ${tag}`, fr: `Marié(e) ${tag}` };
  await signIn(admin, "admin@demo.local");
  await expect(admin).toHaveURL(/\/portal\/dashboard$/);
  let yearCreated = false;
  let labelRenamed = false;
  let discountChanged = false;
  try {
    // 1. The next school year, with re-enrollment open from today.
    await admin.goto(`${SETTINGS}/academic-year`);
    await admin.getByRole("button", { name: "Crear el próximo año lectivo" }).click();
    const create = admin.getByRole("dialog", { name: "Crear un año lectivo" });
    await expect(create.getByLabel("Año lectivo")).toHaveValue(NEXT_YEAR);
    await create.getByRole("button", { name: "Crear" }).click();
    await expect(create).toBeHidden();
    yearCreated = true;
    const year = admin.getByRole("article", { name: NEXT_YEAR });
    const today = schoolToday();
    const reEnrollment = year.getByRole("group", { name: "Reinscripción" });
    await reEnrollment.getByRole("button", { name: "Editar las fechas" }).click();
    const window = admin.getByRole("dialog", { name: `Reinscripción — ${NEXT_YEAR}` });
    await window.getByRole("textbox", { name: "Abre el" }).fill(dayFirst(today));
    await window.getByRole("textbox", { name: "Cierra el (incluido)" }).fill(dayFirst(DEMO_CALENDAR.next.endsOn));
    await window.getByRole("button", { name: "Guardar" }).click();
    await expect(window).toBeHidden();
    await expect(reEnrollment.getByText("Abierto", { exact: true })).toBeVisible();

    // 2. A Secretaria invited by e-mail activates her account, signs in, and is deactivated.
    const herEmail = `journey-secretaria-${Date.now()}@example.ec`;
    const since = Date.now();
    await admin.goto(`${SETTINGS}/users`);
    await admin.getByRole("button", { name: "Invitar a un miembro del personal" }).click();
    const invite = admin.getByRole("dialog");
    await invite.getByLabel("Nombres").fill("Rocío");
    await invite.getByLabel("Primer apellido").fill("Andrade");
    await invite.getByLabel("Segundo apellido").fill("Paz");
    await invite.getByLabel("Correo electrónico").fill(herEmail);
    await invite.getByLabel("Rol").selectOption("Secretaria");
    await invite.getByLabel("Idioma de los correos").selectOption("en");
    await invite.getByRole("button", { name: "Enviar invitación" }).click();
    await expect(admin.getByText(`Invitación enviada a ${herEmail}`)).toBeVisible();

    const herContext = await browser.newContext({ baseURL, locale: "en-US" });
    const her = await herContext.newPage();
    await her.goto(await linkFromOutbox(herEmail, "/account-activate", since));
    await her.getByLabel("Password", { exact: true }).fill("pinos azules sobre quito 77");
    await her.getByLabel("Confirm password").fill("pinos azules sobre quito 77");
    await her.getByRole("button", { name: "Activate my account" }).click();
    await expect(her.getByText("Your account is active")).toBeVisible();
    await her.goto("/login");
    await logIn(her, herEmail, "pinos azules sobre quito 77");
    // Secretaría must use MFA: set up at her first sign-in.
    await setUpMfaOnScreen(her);
    await expect(her).toHaveURL(/\/portal\/dashboard$/);

    await admin.goto(`${SETTINGS}/users?q=${encodeURIComponent(herEmail)}`);
    const row = admin.getByRole("row").filter({ hasText: herEmail });
    await expect(row.getByText("Activa", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: "Desactivar a Rocío Andrade Paz" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Confirmar" }).click();
    await expect(row.getByText("Desactivada", { exact: true })).toBeVisible();
    await her.reload();
    await expect(her).toHaveURL(/\/login/);
    await herContext.close();

    // 3. A renamed catalogue entry, seen by a family in its wizard in es, en and fr.
    const familyContext = await browser.newContext({ baseURL, locale: "en-US" });
    const family = await familyContext.newPage();
    await registerAccount(family, "admin-journey", { path: null });
    const fileId = await startNewFile(family);
    await saveStepsBefore(family, fileId, "firstRepresentative");
    await renameMarried(admin, MARRIED.es, renamed);
    labelRenamed = true;
    await openWizardStep(family, fileId, "primer-representante-legal");
    const option = (label: string, text: string) =>
      family.getByLabel(label, { exact: true }).locator("option", { hasText: text });
    await expect(option("Estado civil", renamed.es)).toHaveCount(1);
    await family.getByLabel("Idioma").selectOption("en");
    await expect(option("Marital status", renamed.en)).toHaveCount(1);
    await family.getByLabel("Language").selectOption("fr");
    await expect(option("Situation familiale", renamed.fr)).toHaveCount(1);

    // 4. The discount percent, seen on the same family's finance step.
    await saveDiscount(admin, String(DISCOUNT));
    discountChanged = true;
    await saveStepsBefore(family, fileId, "financialInformation");
    await openWizardStep(family, fileId, "informacion-financiera");
    await expect(family.getByTestId("family-discount")).toContainText(`${DISCOUNT} %`);
    await familyContext.close();

    // 5. Each of those actions in the audit log.
    await expectAudited(admin, "Año lectivo creado", NEXT_YEAR);
    await expectAudited(admin, "Periodo de inscripción modificado", `Abre el: ${dayFirst(today)}`);
    await expectAudited(admin, "Cuenta invitada", herEmail);
    await expectAudited(admin, "Cuenta desactivada", herEmail);
    await expectAudited(admin, "Entrada de catálogo renombrada", renamed.fr);
    await expectAudited(admin, "Configuración cambiada", `${DISCOUNT_BEFORE} → ${DISCOUNT}`);
  } finally {
    // Put the demo back: the discount, the label, and the (still empty) year.
    if (discountChanged) await saveDiscount(admin, DISCOUNT_BEFORE);
    if (labelRenamed) await renameMarried(admin, renamed.es, MARRIED);
    if (yearCreated) {
      await admin.goto(`${SETTINGS}/academic-year`);
      await admin.getByRole("article", { name: NEXT_YEAR }).getByRole("button", { name: "Eliminar" }).click();
      await admin.getByRole("button", { name: "Sí" }).click();
      await expect(admin.getByRole("article", { name: NEXT_YEAR })).toHaveCount(0);
    }
  }
});
