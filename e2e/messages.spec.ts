import { expect, test } from "@playwright/test";
import type { MessageSummary } from "@portal/shared/schemas/messages";
import { signIn } from "./support/session.ts";
import { sendFileForStaff } from "./support/staff-request.ts";

/*
 * Messages to families (docs/rules/messages.md): the Secretaria filters the request list by one
 * level, writes to its families, sees how many it reaches, sends; a family of that level reads it on
 * its Messages page. The search narrows the level to this test's own request, so the shared e2e
 * database's other families get nothing.
 */
const TAG = `Msg${Date.now().toString(36)}`;

test("the Secretaria writes to the families of one level; a family of that level reads it", async ({ browser }) => {
  const requestId = await sendFileForStaff(browser, { names: "Nora", tag: TAG, family: "familia3@demo.local" });
  const staff = await (await browser.newContext({ locale: "es-EC" })).newPage();
  await signIn(staff, "secretaria@demo.local", { path: null });
  const { levelCode } = (await (await staff.request.get(`/api/requests/${requestId}`)).json()) as { levelCode: string };
  await staff.goto(`/portal/dashboards/inscriptions/all-request?q=${TAG}`);
  await staff.getByRole("combobox", { name: "Nivel" }).selectOption(levelCode);
  await expect(staff).toHaveURL(new RegExp(`level=${levelCode}`));
  await expect(staff.getByText(new RegExp(TAG)).first()).toBeVisible();

  await staff.getByRole("link", { name: "Escribir a estas familias" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Escribir a las familias" })).toBeVisible();
  await expect(staff.getByText("1 familia, 1 dirección")).toBeVisible();
  await staff.getByRole("textbox", { name: "Asunto" }).fill(`Reunión de nivel ${TAG}`);
  await staff
    .getByRole("textbox", { name: "Mensaje" })
    .fill("Estimadas familias:\n\nLes esperamos el lunes a las 8:00.");
  await expect(
    staff.getByRole("region", { name: "Vista previa en English" }).getByText(`Reunión de nivel ${TAG}`),
  ).toBeVisible();
  await staff.getByRole("button", { name: "Enviar el mensaje" }).click();
  const [sent] = await Promise.all([
    staff.waitForResponse((r) => r.url().endsWith("/api/messages") && r.request().method() === "POST"),
    staff
      .getByRole("dialog", { name: "¿Enviar este mensaje?" })
      .getByRole("button", { name: "Enviar el mensaje" })
      .click(),
  ]);
  const message = (await sent.json()) as MessageSummary;
  expect(message).toMatchObject({ families: 1, addresses: 1 });
  await expect(staff.getByRole("heading", { level: 1, name: `Reunión de nivel ${TAG}` })).toBeVisible();
  await expect(staff.getByRole("row").filter({ hasText: "familia3@demo.local" })).toBeVisible();

  const family = await (await browser.newContext({ locale: "en-US" })).newPage();
  await signIn(family, "familia3@demo.local", { path: "/portal/mensajes" });
  await expect(family.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(family.getByRole("heading", { level: 2, name: `Reunión de nivel ${TAG}` })).toBeVisible();
  await expect(family.getByText("Les esperamos el lunes a las 8:00.").first()).toBeVisible();
});
