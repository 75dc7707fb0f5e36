import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { flat } from "../apps/server/test/support/pdf-text.ts";
import { STEP_IDS } from "../packages/shared/src/enrollment-steps.ts";
import { CURRENT_YEAR } from "./support/demo-calendar.ts";
import { downloadPdf } from "./support/documents.ts";
import { signIn } from "./support/session.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

test.use({ locale: "en-US" });

type Tree = { [key: string]: string | Tree };
const catalog = (language: string, namespace: string): Tree =>
  JSON.parse(fs.readFileSync(`packages/i18n/locales/${language}/${namespace}.json`, "utf8")) as Tree;
const text = (tree: Tree, path: string): string => {
  const value = path.split(".").reduce<string | Tree | undefined>((node, key) => (node as Tree)?.[key], tree);
  if (typeof value !== "string") throw new Error(`no text at ${path}`);
  return value;
};

/**
 * Every screen of the wizard in the family's language: the data is saved beforehand through the
 * API, so each step opens with it, is saved again through its screen ("save and next" validates it
 * in the browser with the shared schema first) and leads to the next, up to the documents.
 */
for (const { email, language } of [
  { email: "familia1@demo.local", language: "es" },
  { email: "familia2@demo.local", language: "fr" },
  { email: "familia3@demo.local", language: "en" },
]) {
  test(`a whole enrollment walked screen by screen in ${language}`, async ({ page }) => {
    const enrollment = catalog(language, "enrollment");
    const routes = catalog(language, "routes");
    const title = (step: string) => text(routes, `wizard.${step}.title`);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/bienvenido$/);
    await expect(page.getByRole("heading", { level: 1, name: title("welcome") })).toBeVisible();

    const fileId = await startNewFile(page);
    await saveStepsBefore(page, fileId);
    await openWizardStep(page, fileId, "ficha-del-alumno");
    for (const step of STEP_IDS) {
      await expect(page.getByRole("heading", { level: 1, name: title(step) })).toBeVisible();
      await page.getByRole("button", { name: text(enrollment, "actions.saveAndNext") }).click();
      await expect(page.getByRole("heading", { level: 1, name: title(step) })).toBeHidden();
    }

    const summaryTitle = text(enrollment, "summary.title").replace("{{currentYear}}", CURRENT_YEAR);
    await expect(page.getByRole("heading", { level: 1, name: summaryTitle })).toBeVisible();
    await page.getByRole("button", { name: text(enrollment, "summary.send") }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: text(enrollment, "summary.send") })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: title("congratulations") })).toBeVisible();

    const pdf = await downloadPdf(page, text(enrollment, "congratulations.documents.summary.download"));
    expect(flat(pdf.text)).toContain(text(catalog(language, "documents"), "summary.title"));
    expect(flat(pdf.text)).toContain("Ana Lucía");
  });
}
