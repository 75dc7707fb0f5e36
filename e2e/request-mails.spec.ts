import { expect, test } from "@playwright/test";
import { signIn } from "./support/session.ts";
import { sendFileForStaff } from "./support/staff-request.ts";
import { runTag } from "./support/wizard.ts";

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US" });
test.describe.configure({ mode: "serial" });

const TAG = runTag("Ml");
let requestId = 0;
const detailPath = () => `/portal/dashboards/inscriptions/request-detail/${requestId}`;

test.beforeAll(async ({ browser }) => {
  requestId = await sendFileForStaff(browser, { names: "Rocío", tag: TAG });
});

test("the secretary sees the family's e-mails delivered and sends one again after confirming", async ({ page }) => {
  await signIn(page, "secretaria@demo.local", { path: detailPath() });
  const mails = page.getByRole("region", { name: "Correos a la familia" });
  // One "enrollment received" per address: the account and the file's two representatives.
  const allReceived = mails.getByRole("row").filter({ hasText: "Inscripción recibida, con los documentos" });
  await expect(allReceived).toHaveCount(3);
  const received = allReceived.filter({ hasText: "familia1@demo.local" });
  // The outbox delivers within seconds; the section follows a waiting mail until it is sent.
  await expect(received).toContainText("Enviado", { timeout: 15_000 });

  // Resending asks first; cancelling sends nothing.
  const resend = received.getByRole("button", { name: /^Reenviar/ });
  await resend.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Se enviará una copia de");
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(received).toHaveCount(1);

  await resend.click();
  await dialog.getByRole("button", { name: "Reenviar" }).click();
  await expect(page.getByText("El correo se enviará de nuevo en un momento.")).toBeVisible();
  await expect(received).toHaveCount(2);
  await expect(allReceived).toHaveCount(4);
  const copy = received.filter({ hasText: "copia reenviada" });
  await expect(copy).toContainText("Enviado", { timeout: 15_000 });

  // A status change e-mails the family too: the section shows it without a reload.
  await page.getByRole("region", { name: "Acciones" }).getByRole("button", { name: "Aceptar", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Aplicar «Aceptar»" }).click();
  await expect(mails.getByRole("row").filter({ hasText: "Cambio de estado" })).toHaveCount(1);
});

test("Consulta sees the e-mails without a resend button", async ({ page }) => {
  await signIn(page, "consulta@demo.local", { path: detailPath() });
  const mails = page.getByRole("region", { name: "Correos a la familia" });
  await expect(mails.getByRole("row").filter({ hasText: "Inscripción recibida" })).toHaveCount(4);
  await expect(mails.getByRole("button")).toHaveCount(0);
});
