import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe.ts";
import { CURRENT_YEAR } from "./demo-calendar.ts";

// The Admin's election settings screens, as a person uses them, in Spanish (the demo
// Admin's language): the settings menu, the dialogs, the confirmations.

/**
 * Types an instant into one of the election form's day-and-time fields, named by its legend, as
 * the school's time (UTC−5): the day as DD/MM/YYYY, the time to the second (HH:MM:SS).
 */
export async function fillSchoolTime(dialog: Locator, legend: string, ms: number): Promise<void> {
  const local = new Date(ms - 5 * 3_600_000).toISOString();
  const [year, month, day] = local.slice(0, 10).split("-");
  const field = dialog.getByRole("group", { name: legend });
  const dayField = field.getByRole("textbox", { name: "Día" });
  // Typed as a keyboard user does (focus, not a click: the calendar opens on a click only).
  await dayField.focus();
  await dayField.press("ControlOrMeta+a");
  await dayField.pressSequentially(`${day}/${month}/${year}`);
  await expect(dayField).toHaveValue(`${day}/${month}/${year}`);
  await field.getByRole("textbox", { name: "Hora" }).fill(local.slice(11, 19));
}

export async function openSettings(admin: Page, entry: string, heading = entry): Promise<void> {
  await admin
    .getByRole("navigation", { name: "Navegación principal" })
    .getByRole("button", { name: "Configuración" })
    .click();
  await admin.getByRole("menuitem", { name: entry, exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

export async function createOrganization(admin: Page, name: string): Promise<void> {
  await admin.getByRole("button", { name: "Nueva organización" }).click();
  const dialog = admin.getByRole("dialog", { name: "Nueva organización" });
  await dialog.getByLabel("Nombre", { exact: true }).fill(name);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole("rowheader", { name })).toBeVisible();
}

/** Fills the election dialog's titles, body and seats; the dates stay the form's proposal. */
export async function createElection(admin: Page, titles: { es: string; en: string; fr: string }): Promise<Locator> {
  await admin.getByRole("button", { name: "Nueva elección" }).click();
  const dialog = admin.getByRole("dialog", { name: "Nueva elección" });
  await dialog.getByLabel("Título en español").fill(titles.es);
  await dialog.getByLabel("Título en inglés").fill(titles.en);
  await dialog.getByLabel("Título en francés").fill(titles.fr);
  await dialog.getByLabel("Órgano que se elige").fill("Conseil d'école");
  await dialog.getByLabel("Puestos", { exact: true }).fill("2");
  await expect(dialog.getByLabel("Año lectivo").locator("option:checked")).toHaveText(CURRENT_YEAR);
  await expectNoSeriousViolations(admin, "settings: the election dialog");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toBeHidden();
  const card = admin.getByRole("region", { name: titles.es });
  await expect(card.getByText("Borrador", { exact: true })).toBeVisible();
  return card;
}

/** "Schedule", "Close the poll now", "Publish to families": the button, then the confirmation's own. */
export async function confirmStep(admin: Page, within: Locator, button: string, confirm: string): Promise<void> {
  await within.getByRole("button", { name: button }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByRole("button", { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** On Settings › Lists and candidates: an organization runs; returns the list's card. */
export async function addList(admin: Page, organization: string): Promise<Locator> {
  await admin.getByRole("button", { name: "Agregar una lista" }).click();
  const dialog = admin.getByRole("dialog", { name: "Una organización se presenta en esta elección" });
  await dialog.getByLabel("Organización").selectOption({ label: organization });
  // The list's name is proposed from the organization's.
  await expect(dialog.getByLabel("Nombre de la lista")).toHaveValue(organization);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toBeHidden();
  return admin.getByRole("region", { name: organization });
}

/** Adds the first `count` families the search offers to a list; returns their names and e-mails. */
export async function addCandidates(list: Locator, count: number): Promise<{ name: string; email: string }[]> {
  await list.getByRole("button", { name: "Buscar" }).click();
  const found = list.getByRole("list", { name: "Familias del padrón" });
  const added: { name: string; email: string }[] = [];
  for (let i = 0; i < count; i++) {
    const first = found.getByRole("listitem").first();
    const [name = "", email = ""] = ((await first.textContent()) ?? "").replace(/^Agregar/, "").split(" · ");
    await first.getByRole("button").click();
    added.push({ name: name.trim(), email: email.trim() });
    await expect(list.getByRole("listitem").filter({ hasText: name.trim() }).first()).toBeVisible();
  }
  return added;
}
