import { expect, test } from "@playwright/test";
import type { FamilyDataRights, FamilyDataRightsRequest } from "@portal/shared/schemas/data-rights";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { signIn } from "./support/session.ts";

/*
 * Data-rights requests (docs/rules/data-protection.md "Data-rights requests"): a family files an
 * erasure request about its child from its account area; the Secretaria finds it in the queue
 * with its deadline, answers it; the family reads the answer.
 */
test("a family asks to erase its child's data, the Secretaria answers, the family reads the answer", async ({
  page,
  browser,
}) => {
  await signIn(page, "familia1@demo.local", { path: "/portal/account/data-rights" });
  await expect(page.getByRole("heading", { level: 1, name: "Mis solicitudes de datos" })).toBeVisible();
  const { students } = (await (await page.request.get("/api/account/data-rights")).json()) as FamilyDataRights;
  const child = students[0]!.name;

  await page.getByRole("combobox", { name: "¿Qué solicita?" }).selectOption({ label: "Eliminación" });
  await page.getByRole("combobox", { name: "¿Sobre quién?" }).selectOption({ label: child });
  await page.getByRole("textbox", { name: "Su solicitud" }).fill("Eliminen las fotos antiguas de mi hijo, por favor.");
  const [filedResponse] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/account/data-rights") && r.request().method() === "POST"),
    page.getByRole("button", { name: "Enviar la solicitud" }).click(),
  ]);
  const filed = (await filedResponse.json()) as FamilyDataRightsRequest;
  const mine = page.getByRole("article", { name: `Eliminación — ${child}` }).filter({ hasText: "fotos antiguas" });
  await expect(mine.first().getByText("Recibida")).toBeVisible();
  await expect(mine.first().getByText("Quedan 15 días")).toBeVisible();
  await expectNoSeriousViolations(page, "the family's data-rights requests");

  // The Secretaria finds it in the queue, with its deadline, and answers it.
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, "secretaria@demo.local", { path: "/portal/dashboard" });
  await staff.getByRole("navigation", { name: "Navegación principal" }).getByText("Derechos de datos").click();
  await expect(staff.getByRole("heading", { level: 1, name: "Solicitudes de derechos de datos" })).toBeVisible();
  await staff.getByRole("combobox", { name: "Derecho" }).selectOption({ label: "Eliminación" });
  const [year, month, day] = filed.deadline.split("-");
  const row = staff
    .getByRole("row")
    .filter({ has: staff.getByRole("link", { name: `Abrir la solicitud n.º ${filed.id}` }) });
  await expect(row.getByText(`${day}/${month}/${year}`)).toBeVisible();
  await expect(row.getByText("Quedan 15 días")).toBeVisible();
  await row.getByRole("link", { name: `Abrir la solicitud n.º ${filed.id}` }).click();
  await expect(
    staff.getByRole("heading", { level: 1, name: `Solicitud de derechos de datos ${filed.id} — Eliminación` }),
  ).toBeVisible();
  await staff.getByRole("textbox", { name: "Respuesta a la familia" }).fill("Las fotos antiguas fueron eliminadas.");
  await staff.getByRole("button", { name: "Enviar la respuesta y cerrar" }).click();
  await staff
    .getByRole("dialog", { name: "¿Enviar esta respuesta?" })
    .getByRole("button", { name: "Enviar la respuesta y cerrar" })
    .click();
  await expect(staff.getByText("Las fotos antiguas fueron eliminadas.")).toBeVisible();
  await expectNoSeriousViolations(staff, "a data-rights request, answered");

  // The family sees the answer.
  await page.reload();
  const answered = page.getByRole("article").filter({ hasText: "Las fotos antiguas fueron eliminadas." });
  await expect(answered.getByText("Respondida")).toBeVisible();
  await expect(answered.getByText(/Respuesta de la institución/)).toBeVisible();
});
