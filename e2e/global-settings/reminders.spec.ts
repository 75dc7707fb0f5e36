import { expect, test } from "@playwright/test";
import { signIn } from "../support/session.ts";

test.use({ locale: "en-US" });

// School-wide state: the switch goes back off at the end, so no later run reminds the demo's families.
test("the Admin switches a reminder on with its times, and it stays so after a reload", async ({ page }) => {
  await signIn(page, "admin@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await page.goto("/portal/dashboards/settings/reminders");
  await expect(page.getByRole("heading", { name: "Recordatorios", level: 1 })).toBeVisible();
  const draft = page.getByRole("group", { name: "Ficha iniciada y no enviada" });
  const enabled = draft.getByRole("switch", { name: "Enviar este recordatorio" });
  await expect(enabled).not.toBeChecked();

  const save = async () =>
    Promise.all([
      page.waitForResponse((response) => response.request().method() === "PUT" && response.status() === 200),
      page.getByRole("button", { name: "Guardar los recordatorios" }).click(),
    ]);
  // A wrong value is refused under its field, nothing sent.
  await draft.getByLabel("Como máximo (recordatorios en total)").fill("11");
  await page.getByRole("button", { name: "Guardar los recordatorios" }).click();
  await expect(draft.getByText("Introduzca un número entero de 1 a 10")).toBeVisible();

  await enabled.check({ force: true });
  await draft.getByLabel("Como máximo (recordatorios en total)").fill("2");
  await draft.getByLabel("Primer recordatorio tras (días)").fill("5");
  await save();
  await page.reload();
  await expect(draft.getByRole("switch", { name: "Enviar este recordatorio" })).toBeChecked();
  await expect(draft.getByLabel("Primer recordatorio tras (días)")).toHaveValue("5");
  await expect(draft.getByLabel("Como máximo (recordatorios en total)")).toHaveValue("2");

  await draft.getByRole("switch", { name: "Enviar este recordatorio" }).uncheck({ force: true });
  await draft.getByLabel("Primer recordatorio tras (días)").fill("3");
  await draft.getByLabel("Como máximo (recordatorios en total)").fill("3");
  await save();
  await expect(draft.getByRole("switch", { name: "Enviar este recordatorio" })).not.toBeChecked();
});
