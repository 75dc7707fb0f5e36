import { expect, test } from "@playwright/test";
import { registerAccount } from "./support/accounts.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { signIn } from "./support/session.ts";
import { runTag, sendNewFile } from "./support/wizard.ts";

/*
 * Withdrawing a consent (docs/rules/data-protection.md "Withdrawing a consent"): a family withdraws
 * its child's image consent from the account area, told first what it means; the Secretaria sees
 * the withdrawal on the request page.
 */
test("a family withdraws its child's image consent and the Secretaria sees it on the request", async ({
  page,
  browser,
}) => {
  const tag = runTag("consent");
  await registerAccount(page, "consentimiento", { path: null });
  await sendNewFile(page, { studentFile: { names: "Mateo", firstName: "Pérez", secondName: tag } });

  await page.goto("/portal/account/user");
  await page.getByRole("link", { name: "Consentimientos", exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/account\/consents$/);
  await expect(page.getByRole("heading", { level: 1, name: "Consentimientos" })).toBeVisible();
  const child = page.getByRole("region", { name: /Mateo/ });
  await child.getByRole("button", { name: "Retirar el consentimiento de imagen" }).click();
  const dialog = page.getByRole("dialog", { name: /¿Retirar el consentimiento de imagen de Mateo/ });
  await expect(dialog.getByText(/La foto queda en el expediente de inscripción/)).toBeVisible();
  await dialog.getByRole("button", { name: "Retirar", exact: true }).click();
  await expect(page.getByText(/Consentimiento de imagen retirado para Mateo/)).toBeVisible();
  await expect(child.getByText(/^Retirado el .* \(versión del texto 2025-09\)$/)).toBeVisible();
  await expect(child.getByRole("button", { name: "Retirar el consentimiento de imagen" })).toHaveCount(0);
  await expectNoSeriousViolations(page, "consents, image withdrawn");

  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signIn(staffPage, "secretaria@demo.local", { path: null });
  const list = await staffPage.request.get(`/api/requests?q=${tag}`);
  const { items } = (await list.json()) as { items: { id: number }[] };
  expect(items).toHaveLength(1);
  await staffPage.goto(`/portal/dashboards/inscriptions/request-detail/${items[0]?.id}`);
  const notice = staffPage.getByTestId("consent-withdrawals");
  await expect(notice.getByText("Consentimiento retirado por la familia")).toBeVisible();
  await expect(notice.getByText(/^Consentimiento de imagen retirado el .*: deje la foto fuera/)).toBeVisible();
  await staff.close();
});
