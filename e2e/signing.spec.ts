import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { registerAccount } from "./support/accounts.ts";
import { downloadPdf } from "./support/documents.ts";
import { linkFromOutbox, mailsFromOutbox } from "./support/outbox.ts";
import { signIn } from "./support/session.ts";
import { openWizardStep, runTag, sendNewFile } from "./support/wizard.ts";

/*
 * Signing online (docs/rules/documents.md "Signing online"), one journey: a family sends its file,
 * its account's representative signs each document on a phone with the code from the e-mail, sends
 * the second representative the link, who signs from that e-mail in a browser of its own; the
 * Secretaria countersigns on the request page and downloads the final PDF; the documents list shows
 * the request signed and not overdue. What each person sees is asserted, in Spanish.
 */

const PHONE = { width: 375, height: 740 };

/** The six-digit code of the latest e-mail to `to` written after `since`, as the person reads it. */
async function codeFromMail(to: string, since: number): Promise<string> {
  const mails = await mailsFromOutbox(to, "ingrese este código", since);
  const code = /ingrese este código: (\d{6})\b/.exec(mails.at(-1) ?? "")?.[1];
  expect(code, `a code in the e-mail to ${to}`).toBeDefined();
  return code ?? "";
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "es-EC", viewport: PHONE, isMobile: true, hasTouch: true });
  return context.newPage();
}

async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "nothing scrolls sideways on a 375 px phone").toBeLessThanOrEqual(PHONE.width);
}

/** On the signing screen: asks for a code, reads it in `mailbox`, types it and the name shown, signs. */
async function signOnScreen(page: Page, mailbox: string, title: string) {
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expectNoSideScroll(page);
  const since = Date.now();
  await page.getByRole("button", { name: "Enviarme un código" }).click();
  await expect(page.getByTestId("signing-code-sent")).toContainText("Enviamos un código a ");
  const code = await codeFromMail(mailbox, since);
  await page.getByRole("textbox", { name: "Código del correo" }).fill(code);
  // The name as the screen shows it on the file ("Como figura en la ficha: …").
  const hint = await page.getByText(/^Como figura en la ficha: /).textContent();
  await page
    .getByRole("textbox", { name: "Escriba su nombre completo" })
    .fill(hint?.replace("Como figura en la ficha: ", "") ?? "");
  await page.getByRole("checkbox", { name: "He leído este documento" }).check();
  await page.getByRole("button", { name: "Firmar" }).click();
  await expect(page.getByTestId("signing-result")).toContainText(`Usted firmó «${title}» el `);
  await expect(page.getByTestId("signing-result")).toBeFocused();
  await expectNoSideScroll(page);
}

function documentRegion(scope: Page | Locator, title: string): Locator {
  return scope.getByRole("region", { name: title, exact: true });
}

test("a family signs online on a phone, the second representative from the e-mailed link, the school countersigns", async ({
  browser,
}) => {
  const tag = runTag("firma");
  const secondEmail = `${tag}-rep2@example.ec`;

  // The family: its file sent, then its sent file's page on a phone.
  const family = await phone(browser);
  const accountEmail = await registerAccount(family, tag, { path: null });
  const fileId = await sendNewFile(family, {
    studentFile: { names: "Sofía", firstName: "Pérez", secondName: tag },
    secondRepresentative: { email: secondEmail, emailConfirmation: secondEmail },
  });
  await openWizardStep(family, fileId, "felicitaciones");
  const section = family.getByRole("region", { name: "Firmar en línea" });
  await expect(section).toBeVisible();
  await expect(section.getByTestId("signing-document").first()).toBeVisible();
  const titles = (
    await section.getByTestId("signing-document").getByRole("heading", { level: 3 }).allTextContents()
  ).map((title) => title.trim());
  expect(titles).toContain("Contrato de prestación de servicios educativos");
  expect(titles).toContain("Consentimiento para el uso de la imagen");
  await expectNoSideScroll(family);

  // The account signs each document as the first representative.
  for (const title of titles) {
    const document = documentRegion(section, title);
    await expect(document.getByTestId("signing-status")).toHaveText("Faltan firmas");
    await document.getByRole("link", { name: "Leer y firmar" }).click();
    await expect(family.getByRole("heading", { level: 1, name: "Firmar un documento" })).toBeVisible();
    if (title === "Consentimiento para el uso de la imagen") {
      // The family's answers from the photo step are part of what it signs, under the school's text.
      await expect(family.getByRole("heading", { name: "Respuestas de la familia" })).toBeVisible();
    }
    await signOnScreen(family, accountEmail, title);
    // A reload keeps the signature: the state is the server's.
    await family.reload();
    await expect(family.getByText("Usted ya firmó este documento.")).toBeVisible();
    await family.getByRole("link", { name: "← Volver a mis documentos" }).click();
    await expect(documentRegion(section, title).getByText(/^firmó el /)).toBeVisible();
  }

  // The link for the second representative, sent from the section, opened from the e-mail.
  const links: string[] = [];
  for (const title of titles) {
    const since = Date.now();
    const send = documentRegion(section, title).getByRole("button", {
      name: /^Enviar el enlace de firma a Jorge .+ \(f\*+@example\.ec\)$/,
    });
    await send.click();
    await expect(documentRegion(section, title).getByText(/enlace enviado el /)).toBeVisible();
    links.push(await linkFromOutbox(secondEmail, "/sign", since));
  }
  await family.context().close();

  const second = await phone(browser);
  for (const [index, link] of links.entries()) {
    await second.goto(link);
    await expect(second.getByRole("heading", { level: 1, name: "Firmar un documento en línea" })).toBeVisible();
    await expect(second.getByTestId("signing-school")).toContainText("Solicitud ");
    await signOnScreen(second, secondEmail, titles[index] ?? "");
  }
  await second.context().close();

  // The Secretaria countersigns on the request page and downloads the final PDF.
  const staff = await browser.newContext({ locale: "es-EC", viewport: { width: 1366, height: 900 } });
  const desk = await staff.newPage();
  await signIn(desk, "secretaria@demo.local", { path: null });
  const found = await desk.request.get(`/api/requests?q=${tag}`);
  const { items } = (await found.json()) as { items: { id: number; code: string }[] };
  expect(items).toHaveLength(1);
  const request = items[0]!;
  await desk.goto(`/portal/dashboards/inscriptions/request-detail/${request.id}`);
  const panel = desk.getByRole("region", { name: "Firmas" });
  for (const title of titles) {
    const document = documentRegion(panel, title);
    await expect(document.getByTestId("signing-status")).toHaveText("Falta la firma del colegio");
    await document.getByRole("button", { name: "Refrendar por el colegio" }).click();
    const dialog = desk.getByRole("dialog", { name: "¿Refrendar por el colegio?" });
    await expect(dialog).toContainText(`«${title}» se firmará en nombre del colegio`);
    await dialog.getByRole("button", { name: "Refrendar por el colegio" }).click();
    await expect(document.getByTestId("signing-status")).toHaveText("Firmado");
  }
  const contractTitle = "Contrato de prestación de servicios educativos";
  const contract = documentRegion(panel, contractTitle);
  const verification = ((await contract.getByTestId("signing-verification").textContent()) ?? "").split(": ").at(-1);
  const pdf = await downloadPdf(desk, "Descargar el PDF firmado", contract);
  expect(pdf.text).toContain(contractTitle);
  expect(pdf.text).toContain("Jorge Pérez");
  expect(pdf.text).toContain(verification ?? "no code");

  // The documents list: signed online, complete, not overdue.
  await desk.goto(`/portal/documents/default?q=${tag}&signing=complete`);
  const table = desk.getByRole("table", { name: "Documentos", exact: true });
  const row = table
    .getByRole("row")
    .filter({ has: desk.getByRole("button", { name: `Documentos de ${request.code}` }) });
  await expect(row.getByTestId("signing-stage")).toHaveText("Completo");
  await expect(row.getByText("Vencido")).toHaveCount(0);
  await expect(desk.getByLabel("Firmado en línea")).toHaveValue("complete");
  await staff.close();

  // Anyone holding the PDF checks it on the public page with the code printed on it.
  const visitor = await browser.newContext({ locale: "es-EC" });
  const checker = await visitor.newPage();
  await checker.goto("/verify-document");
  await expect(checker.getByRole("heading", { level: 1, name: "Comprobar un documento firmado" })).toBeVisible();
  await checker.getByRole("textbox", { name: /^Código de verificación/ }).fill(verification ?? "");
  await checker.getByRole("button", { name: "Comprobar el código" }).click();
  const answer = checker.getByRole("status").filter({ hasText: "Este es el documento que guarda el portal" });
  await expect(answer).toContainText(`Este es el documento que guarda el portal: ${contractTitle}`);
  await expect(answer).toContainText(/Firmado por Jorge .*\(Representante legal 2\) el /);
  await expect(answer).toContainText("Sellado por la institución: no");
  await visitor.close();
});
