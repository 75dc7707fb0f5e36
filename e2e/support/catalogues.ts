import { expect, type Page } from "@playwright/test";

/** The demo's civil status MARRIED, as the reference data names it. */
export const MARRIED = { es: "Casado/a", en: "Married", fr: "Marié(e)" };
export type Labels = typeof MARRIED;

/** The (Spanish-speaking) Admin renames MARRIED on Settings › Catalogues, from `from` to `to`. */
export async function renameMarried(admin: Page, from: string, to: Labels): Promise<void> {
  if (!admin.url().includes("list=civilStatus")) await admin.goto("/portal/dashboards/settings/home?list=civilStatus");
  const row = admin.getByRole("row").filter({ hasText: "MARRIED" });
  await row.getByRole("button", { name: `Renombrar «${from}»` }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Etiqueta en español").fill(to.es);
  await dialog.getByLabel("Etiqueta en inglés").fill(to.en);
  await dialog.getByLabel("Etiqueta en francés").fill(to.fr);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole("cell", { name: to.fr, exact: true })).toBeVisible();
}
