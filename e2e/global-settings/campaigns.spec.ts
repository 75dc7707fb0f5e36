import { expect, type Page, test } from "@playwright/test";
import { registerAccount } from "../support/accounts.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { linkFromOutbox } from "../support/outbox.ts";
import { sameOrigin, signIn } from "../support/session.ts";
import { E2E_ADMINS_BY_LANGUAGE } from "../support/totp.ts";
import { runTag, sendNewFile } from "../support/wizard.ts";

// The sign-in helper reads the login screen in English; the families then work in Spanish.
test.use({ locale: "en-US" });

/** A school day (UTC−5) `days` from today, as the date fields are typed: DD/MM/YYYY. */
function typedDay(days: number): string {
  const day = new Date(Date.now() - 5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

/** The signed-in family sends a file for `names` (a unique tag in the surname); answers its request id. */
async function enrolledChild(family: Page, staff: Page, names: string, tag: string): Promise<void> {
  await sendNewFile(family, { studentFile: { names, firstName: "Campaña", secondName: tag } });
  const found = await staff.request.get(`/api/requests?q=${encodeURIComponent(`${names} Campaña ${tag}`)}`);
  const [request] = ((await found.json()) as { items: { id: number }[] }).items;
  expect(request).toBeTruthy();
  const accepted = await staff.request.post(`/api/requests/${request!.id}/actions`, {
    headers: sameOrigin(),
    data: { action: "accept", expectedVersion: 1 },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

// Re-enrollment campaigns (docs/rules/campaigns.md): in this project (one file at a time, after
// the main one) because opening this year's campaign e-mails every demo family with an accepted
// request and puts its notice on their welcome pages, which the main project's specs read. The
// Admin opens this year's campaign; one
// family answers from the portal (one child returns, one leaves with a reason), another from the
// e-mailed link without signing in; the campaign's figures and lists show both answers.
test("the Admin opens a campaign, families answer from the portal and from the e-mailed link, the figures show it", async ({
  browser,
  page,
}) => {
  const tag = runTag("camp");
  const admin = page;
  await signIn(admin, E2E_ADMINS_BY_LANGUAGE.en, { path: null });
  const familyA = await browser.newPage({ locale: "en-US" });
  await registerAccount(familyA, "campana-a", { path: null });
  await enrolledChild(familyA, admin, "Lucía", tag);
  await enrolledChild(familyA, admin, "Tomás", tag);
  const familyB = await browser.newPage({ locale: "en-US" });
  const emailB = await registerAccount(familyB, "campana-b", { path: null });
  await enrolledChild(familyB, admin, "Sofía", tag);

  // The Admin creates this year's campaign, opening today: the families are e-mailed at once.
  const since = Date.now();
  await admin.goto("/portal/reenrollment-campaigns/list");
  await expect(admin.getByRole("heading", { name: "Re-enrollment campaigns", level: 1 })).toBeVisible();
  await admin.getByRole("textbox", { name: "Opening date" }).fill(typedDay(0));
  await admin.getByRole("textbox", { name: "Deadline (included)" }).fill(typedDay(20));
  await admin.getByRole("textbox", { name: "Message to the families" }).fill("¿Continúan sus hijos el próximo año?");
  await admin.getByRole("button", { name: "Create the campaign" }).click();
  await expect(admin.getByRole("heading", { name: /^Re-enrollment campaign /, level: 1 })).toBeVisible();
  await expectNoSeriousViolations(admin, "a campaign's staff page");

  // Family A answers from its welcome page's notice: Lucía returns, Tomás leaves (moving).
  await familyA.goto("/portal/inscripciones/bienvenido");
  await familyA.getByRole("link", { name: "Responder ahora" }).click();
  await expect(familyA.getByRole("heading", { name: "Rematrícula", level: 1 })).toBeVisible();
  await familyA
    .getByRole("radiogroup", { name: /Lucía/ })
    .getByRole("radio", { name: "Continúa el próximo año" })
    .check();
  await familyA.getByRole("radiogroup", { name: /Tomás/ }).getByRole("radio", { name: "Deja la institución" }).check();
  await familyA
    .getByRole("combobox", { name: /Por qué Tomás/ })
    .selectOption({ label: "Cambio de domicilio o de ciudad" });
  await expectNoSeriousViolations(familyA, "the family's answer form");
  await familyA.getByRole("button", { name: "Enviar mi respuesta" }).click();
  await expect(familyA.getByText("Gracias, su respuesta está guardada")).toBeVisible();
  await expect(familyA.getByText(/Siguiente paso para Lucía/)).toBeVisible();

  // Family B answers from the e-mailed link, signed out: the link opens its form and nothing else.
  const link = await linkFromOutbox(emailB, "/reenrollment-answer", since);
  const visitor = await browser.newPage({ locale: "es-EC" });
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { name: "Rematrícula: su respuesta", level: 1 })).toBeVisible();
  await visitor
    .getByRole("radiogroup", { name: /Sofía/ })
    .getByRole("radio", { name: "Continúa el próximo año" })
    .check();
  await visitor.getByRole("button", { name: "Enviar mi respuesta" }).click();
  await expect(visitor.getByText("Gracias, su respuesta está guardada")).toBeVisible();
  await visitor.goto("/portal/inscripciones/bienvenido");
  await expect(visitor).toHaveURL(/\/login/);

  // The figures: only these two families answered, so 2 returning and 1 leaving (moving).
  await admin.reload();
  const figures = admin.getByRole("table", { name: "Answers" });
  const total = figures.getByRole("row", { name: /All levels/ });
  await expect(total.getByRole("button", { name: /^Returning, All levels: 2\./ })).toBeVisible();
  await expect(total.getByRole("button", { name: /^Leaving, All levels: 1\./ })).toBeVisible();
  await expect(admin.getByText("Moving home or city: 1")).toBeVisible();
  await total.getByRole("button", { name: /^Leaving, All levels/ }).click();
  const list = admin.getByRole("table", { name: "List: Leaving" });
  await expect(list.getByRole("row", { name: /Tomás/ })).toContainText("Moving home or city");
  await total.getByRole("button", { name: /^Returning, All levels/ }).click();
  const returning = admin.getByRole("table", { name: "List: Returning" });
  await expect(returning.getByRole("row", { name: /Lucía/ })).toBeVisible();
  await expect(returning.getByRole("row", { name: /Sofía/ })).toBeVisible();
  // The Admin writes to the families behind the figure: the two that answer "returns".
  await admin.getByRole("link", { name: "Write to these families" }).click();
  await expect(admin.getByText("The families behind a re-enrollment campaign's figure")).toBeVisible();
  await expect(admin.getByText("2 families, 2 addresses")).toBeVisible();
  await Promise.all([familyA.close(), familyB.close(), visitor.close()]);
});
