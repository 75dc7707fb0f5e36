import { expect, test } from "@playwright/test";
import { sameOrigin, signIn } from "./support/session.ts";
import { runTag, sendNewFile } from "./support/wizard.ts";

test.use({ locale: "en-US" });

// A surname of letters no other run or spec shares, to find this run's request.
const TAG = runTag("Corr");

test("staff ask for a correction; the family sees it, fixes the reopened step and sends again", async ({
  page,
  browser,
}) => {
  // familia1 sends a file through the API.
  await signIn(page, "familia1@demo.local", { path: null });
  await sendNewFile(page, { studentFile: { names: "Inés", firstName: "Vega", secondName: TAG } });

  // The secretary asks for a correction of the transport step.
  const staffContext = await browser.newContext({ locale: "en-US" });
  const staff = await staffContext.newPage();
  await signIn(staff, "secretaria@demo.local", { path: null });
  const list = await staff.request.get(`/api/requests?q=${TAG}&status=Untreated`);
  const { items } = (await list.json()) as { items: { id: number }[] };
  expect(items).toHaveLength(1);
  const requestId = items[0]!.id;
  const detail = (await (await staff.request.get(`/api/requests/${requestId}`)).json()) as { version: number };
  const asked = await staff.request.post(`/api/requests/${requestId}/actions`, {
    headers: sameOrigin(),
    data: {
      action: "requestCorrection",
      expectedVersion: detail.version,
      steps: ["schoolTransport"],
      message: "Indique si desea el bus escolar: la respuesta no coincide con la ficha del año pasado.",
    },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  // The family sees the message and the step on the welcome card.
  await page.goto("/portal/inscripciones/bienvenido");
  const card = page.getByRole("article", { name: `Inés Vega ${TAG}` });
  await expect(card.getByText("La secretaría pide una corrección")).toBeVisible();
  await expect(card.getByText("la respuesta no coincide con la ficha del año pasado")).toBeVisible();
  await expect(card.getByText("Pasos por corregir: Servicio de transporte escolar.", { exact: false })).toBeVisible();
  await card.getByRole("button", { name: "Continuar la inscripción" }).click();

  // Only the reopened step is to do: the wizard opens there.
  await expect(page).toHaveURL(/\/informacion-servicio-de-transporte-escolar$/);
  await expect(page.getByRole("heading", { level: 1, name: "Servicio de transporte escolar" })).toBeVisible();
  await page
    .getByRole("radiogroup", { name: /bus escolar/ })
    .getByLabel("Sí")
    .check();
  await page.getByLabel(/He leído y acepto las condiciones/).check();
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  // The next step was not reopened: it is shown as it was sent, and "next" only moves on.
  await expect(page).toHaveURL(/\/autorizacion-de-salida$/);
  await expect(page.getByText("este queda como fue enviado")).toBeVisible();
  await expect(page.getByRole("button", { name: "Guardar y continuar" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Siguiente" })).toBeVisible();

  // Everything is complete again: the summary sends it back to the school.
  await page.goto("/portal/inscripciones/resumen-del-registro");
  await page.getByRole("button", { name: "Validar y enviar" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Validar y enviar" }).click();
  await expect(page).toHaveURL(/\/felicitaciones$/);

  const after = (await (await staff.request.get(`/api/requests/${requestId}`)).json()) as { status: string };
  expect(after.status).toBe("Untreated");
  await staffContext.close();
});
