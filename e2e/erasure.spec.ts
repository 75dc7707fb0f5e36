import { expect, test } from "@playwright/test";
import { signIn } from "./support/session.ts";
import { sendFileForStaff } from "./support/staff-request.ts";
import { runTag } from "./support/wizard.ts";

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US" });

const TAG = runTag("Er");

test("the secretary previews a never-enrolled child's erasure, confirms with the name, and the request is gone", async ({
  browser,
  page,
}) => {
  const requestId = await sendFileForStaff(browser, { names: "Olvido", tag: TAG });
  const detailPath = `/portal/dashboards/inscriptions/request-detail/${requestId}`;
  await signIn(page, "secretaria@demo.local", { path: detailPath });
  const name = (await page.getByTestId("request-student").innerText()).trim();

  await page
    .getByRole("region", { name: "Borrado a pedido de la familia" })
    .getByRole("button", { name: "Borrar datos personales…" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Borrar datos personales" });
  await expect(dialog.getByText("1 registro de estudiante")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Se conserva" })).toBeVisible();
  const erase = dialog.getByRole("button", { name: "Borrar definitivamente" });
  await expect(erase).toBeDisabled();
  await dialog.getByLabel(`Para confirmar, escriba el nombre del estudiante: ${name}`).fill(name);
  await erase.click();

  await expect(page.getByText("Datos personales borrados.")).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`request-detail/${requestId}$`));
  await page.goto(detailPath);
  await expect(page).not.toHaveURL(new RegExp(`request-detail/${requestId}$`));
});
