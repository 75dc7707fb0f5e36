import { type Browser, expect, type Page, test } from "@playwright/test";
import { sameOrigin, signIn } from "./support/session.ts";
import { runTag, sendNewFile } from "./support/wizard.ts";

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US" });
// The tests walk one set of requests through the workflow, in order.
test.describe.configure({ mode: "serial" });

const LISTS = "/portal/dashboards/inscriptions";
// Other specs create files for familia1 at the same time: every assertion looks at this run's
// students only, found by a surname made of letters that no other run shares.
const TAG = runTag("Zq");
const FIRST_NAMES = ["Alba", "Bruno", "Carla", "Diego", "Elena"] as const;
type FirstName = (typeof FIRST_NAMES)[number];
const studentName = (first: FirstName) => `${first} Pérez ${TAG}`;
const ids = new Map<FirstName, number>();

/** familia1 fills and sends one file per name, through the API with its own cookie. */
async function sendFiles(browser: Browser): Promise<void> {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await signIn(page, "familia1@demo.local", { path: null });
  for (const first of FIRST_NAMES) {
    await sendNewFile(page, { studentFile: { names: first, firstName: "Pérez", secondName: TAG } });
  }
  await context.close();
}

const row = (page: Page, first: FirstName) => page.getByRole("row").filter({ hasText: studentName(first) });
const rowCheckbox = (page: Page, first: FirstName) =>
  page.getByRole("checkbox", { name: `Seleccionar la solicitud de ${studentName(first)}` });
const dialog = (page: Page) => page.getByRole("dialog");

async function openFromList(page: Page, first: FirstName): Promise<number> {
  await row(page, first)
    .getByRole("link", { name: studentName(first) })
    .click();
  await expect(page).toHaveURL(/\/request-detail\/\d+\?from=/);
  await expect(page.getByTestId("request-student")).toHaveText(studentName(first));
  const id = Number(new URL(page.url()).pathname.split("/").at(-1));
  ids.set(first, id);
  return id;
}

async function act(page: Page, action: string, comment?: string): Promise<void> {
  await page.getByRole("region", { name: "Acciones" }).getByRole("button", { name: action, exact: true }).click();
  if (comment) await dialog(page).getByLabel("Comentario (opcional)").fill(comment);
  await dialog(page)
    .getByRole("button", { name: `Aplicar «${action}»` })
    .click();
  await expect(dialog(page)).toHaveCount(0);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  await sendFiles(browser);
});

test("the secretary filters untreated requests, keeps the list in the URL, walks it and accepts one", async ({
  page,
}) => {
  await signIn(page, "secretaria@demo.local", { path: LISTS });
  // The inscriptions area opens on the requests not yet treated.
  await expect(page).toHaveURL(`${LISTS}/without-treating`);
  await expect(page.getByRole("heading", { name: "Solicitudes sin tratar", level: 1 })).toBeVisible();

  // The search runs after a pause in typing and lands in the URL.
  await page.getByLabel("Buscar").fill(TAG);
  await expect(page).toHaveURL(new RegExp(`without-treating\\?q=${TAG}$`));
  for (const first of FIRST_NAMES) await expect(row(page, first)).toBeVisible();
  await expect(page.getByTestId("list-range")).toHaveText("1–5 de 5 solicitudes");
  // Newest first by default.
  await expect(page.getByRole("row").nth(1)).toContainText(studentName("Elena"));
  await expect(row(page, "Alba")).toContainText("Sin tratar");

  // Sorting by a column header; back and forward walk the list's states; a reload keeps them.
  await page.getByRole("button", { name: "Alumno", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${TAG}&sort=studentName$`));
  await expect(page.getByRole("row").nth(1)).toContainText(studentName("Alba"));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`without-treating\\?q=${TAG}$`));
  await expect(page.getByRole("row").nth(1)).toContainText(studentName("Elena"));
  await page.goForward();
  await expect(page).toHaveURL(/sort=studentName$/);
  await page.reload();
  await expect(page.getByLabel("Buscar")).toHaveValue(TAG);
  await expect(page.getByRole("row").nth(1)).toContainText(studentName("Alba"));

  // A filter that matches none of them: the empty state.
  await page.getByLabel("Tipo de inscripción").selectOption("reenrollment");
  await expect(page).toHaveURL(/kind=reenrollment/);
  await expect(page.getByTestId("list-empty")).toContainText("Ninguna solicitud corresponde a estos filtros");
  await page.getByLabel("Tipo de inscripción").selectOption("");
  await expect(row(page, "Alba")).toBeVisible();

  // The detail, then previous/next in the list the secretary came from.
  await openFromList(page, "Alba");
  await expect(page.getByRole("heading", { name: "Detalle de la solicitud", level: 1 })).toBeVisible();
  await expect(page.getByTestId("request-status")).toHaveText("Sin tratar");
  await expect(page.getByTestId("list-position")).toHaveText("1 de 5");
  await expect(page.getByRole("button", { name: "Anterior" })).toBeDisabled();
  await page.getByRole("link", { name: "Siguiente" }).click();
  await expect(page.getByTestId("request-student")).toHaveText(studentName("Bruno"));
  await expect(page.getByTestId("list-position")).toHaveText("2 de 5");
  ids.set("Bruno", Number(new URL(page.url()).pathname.split("/").at(-1)));
  await page.getByRole("link", { name: "Anterior" }).click();
  await expect(page.getByTestId("request-student")).toHaveText(studentName("Alba"));

  // Accepting asks first; "No" changes nothing.
  const actions = page.getByRole("region", { name: "Acciones" });
  await actions.getByRole("button", { name: "Aceptar", exact: true }).click();
  await expect(dialog(page)).toContainText("pasará de «Sin tratar» a «Aceptada»");
  await dialog(page).getByRole("button", { name: "No cambiar nada" }).click();
  await expect(page.getByTestId("request-status")).toHaveText("Sin tratar");
  await act(page, "Aceptar", "Documentos completos");
  await expect(page.getByTestId("request-status")).toHaveText("Aceptada");
  const history = page.getByTestId("request-history");
  await expect(history).toContainText("Sin tratar → Aceptada");
  await expect(history).toContainText("Documentos completos");
  await expect(history).toContainText("Sofía");
  // Only what the table allows from Accepted is offered.
  await expect(actions.getByRole("button", { name: "Validar ficha del alumno" })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Aceptar", exact: true })).toHaveCount(0);
  // Next still walks the list it came from, although Alba has left it.
  await expect(page.getByRole("link", { name: "Siguiente" })).toBeVisible();

  // Back to the list: the same filters and sort, without Alba.
  await page.getByRole("link", { name: "← Volver a la lista" }).click();
  await expect(page).toHaveURL(new RegExp(`without-treating\\?q=${TAG}&sort=studentName$`));
  await expect(row(page, "Bruno")).toBeVisible();
  await expect(row(page, "Alba")).toHaveCount(0);
});

test("a change made by someone else in between is not overwritten", async ({ page }) => {
  await signIn(page, "secretaria@demo.local", { path: `${LISTS}/without-treating?q=${TAG}` });
  const id = await openFromList(page, "Elena");
  await expect(page.getByTestId("request-status")).toHaveText("Sin tratar");
  // Another secretary refuses it meanwhile.
  const current = (await (await page.request.get(`/api/requests/${id}`)).json()) as { version: number };
  const other = await page.request.post(`/api/requests/${id}/actions`, {
    headers: sameOrigin(),
    data: { action: "refuse", expectedVersion: current.version, comment: "No quedan plazas." },
  });
  expect(other.status(), await other.text()).toBe(200);

  await act(page, "Aceptar");
  await expect(page.getByTestId("stale-alert")).toContainText("Otra persona modificó este registro");
  await expect(page.getByTestId("request-status")).toHaveText("Sin tratar");
  await page.getByTestId("stale-alert").getByRole("button", { name: "Recargar" }).click();
  await expect(page.getByTestId("request-status")).toHaveText("Rechazada");
  await expect(page.getByTestId("stale-alert")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Acciones" }).getByRole("button", { name: "Restaurar" })).toBeVisible();
  // Restored, it is back among the requests not yet treated.
  await act(page, "Restaurar");
  await expect(page.getByTestId("request-status")).toHaveText("Restaurada");
});

test("the secretary accepts three at once, then validates them, and sees what did not change", async ({ page }) => {
  await signIn(page, "secretaria@demo.local", { path: `${LISTS}/without-treating?q=${TAG}&sort=studentName` });
  await expect(row(page, "Bruno")).toBeVisible();

  // Nothing selected: the spec's message, and nothing is asked.
  await page.getByLabel("Cambio de estado").selectOption("accept");
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText("Debe seleccionar uno o más registros")).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  for (const first of ["Bruno", "Carla", "Diego"] as const) await rowCheckbox(page, first).check();
  await expect(page.getByText("Registros seleccionados: 3")).toBeVisible();
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(dialog(page)).toContainText("El estado de los registros seleccionados cambiará");
  await dialog(page).getByRole("button", { name: "Aplicar «Aceptar» a la selección (3)" }).click();
  const result = page.getByTestId("bulk-result");
  await expect(result).toContainText("Registros modificados: 3");
  await expect(result).toContainText("Registros sin cambios: 0");
  await expect(result).toContainText(`${studentName("Carla")}: de «Sin tratar» a «Aceptada»`);
  // They left the untreated list; Elena (restored) is still there.
  await expect(row(page, "Bruno")).toHaveCount(0);
  await expect(row(page, "Elena")).toBeVisible();

  // On the list of every request, validate the three accepted ones and Elena, who cannot be.
  await page.goto(`${LISTS}/all-request?q=${TAG}&sort=studentName`);
  for (const first of ["Bruno", "Carla", "Diego", "Elena"] as const) await rowCheckbox(page, first).check();
  await page.getByLabel("Cambio de estado").selectOption("validate");
  await page.getByRole("button", { name: "Aplicar" }).click();
  await dialog(page).getByRole("button", { name: "Aplicar «Validar ficha del alumno» a la selección (4)" }).click();
  await expect(result).toContainText("Registros modificados: 3");
  await expect(result).toContainText("Registros sin cambios: 1");
  await expect(result.getByRole("list", { name: "Registros sin cambios" })).toContainText(
    `${studentName("Elena")}: La acción «Validar ficha del alumno» no es posible`,
  );
  await expect(row(page, "Diego")).toContainText("Validada");
  await expect(row(page, "Alba")).toContainText("Aceptada");
});

test("the secretary confirms and finishes one, and asks a family for a correction", async ({ page }) => {
  await signIn(page, "secretaria@demo.local", { path: `${LISTS}/validated-request?q=${TAG}` });
  await expect(page.getByRole("heading", { name: "Solicitudes validadas", level: 1 })).toBeVisible();
  await openFromList(page, "Bruno");
  await act(page, "Confirmar");
  await expect(page.getByTestId("request-status")).toHaveText("Confirmada");

  // Cancelling asks the spec's question and the reason the family is sent, without which it
  // cannot be applied; keeping it as it is changes nothing.
  await page.getByRole("region", { name: "Acciones" }).getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog(page).getByRole("heading", { name: "¿Está seguro de que desea cancelar?" })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Aplicar «Cancelar»" }).click();
  await expect(dialog(page).getByLabel("Motivo")).toHaveAccessibleDescription(/Obligatorio: se guarda en el historial/);
  await expect(dialog(page).getByText("Indique el motivo: la familia lo recibe por correo electrónico")).toBeVisible();
  await dialog(page).getByRole("button", { name: "No cambiar nada" }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByTestId("request-status")).toHaveText("Confirmada");

  // Finishing asks the spec's question.
  await page.getByRole("region", { name: "Acciones" }).getByRole("button", { name: "Finalizar" }).click();
  await expect(
    dialog(page).getByRole("heading", { name: "¿Está seguro de que desea finalizar el proceso?" }),
  ).toBeVisible();
  await dialog(page).getByRole("button", { name: "Aplicar «Finalizar»" }).click();
  await expect(page.getByTestId("request-status")).toHaveText("Finalizada");
  // Finished is final for a secretary.
  await expect(page.getByText("No hay acciones posibles para una solicitud en este estado.")).toBeVisible();

  // A correction: the steps to reopen and a message are required.
  await page.goto(`${LISTS}/validated-request?q=${TAG}`);
  await openFromList(page, "Carla");
  await page
    .getByRole("region", { name: "Acciones" })
    .getByRole("button", { name: "Solicitar corrección al usuario" })
    .click();
  await dialog(page).getByRole("button", { name: "Solicitar la corrección" }).click();
  await expect(dialog(page).getByText("Elija al menos un paso para reabrir")).toBeVisible();
  await expect(dialog(page).getByText("Escriba el mensaje para la familia")).toBeVisible();
  await dialog(page).getByRole("checkbox", { name: "Ficha médica" }).check();
  await dialog(page).getByLabel("Mensaje para la familia").fill("Falta el certificado de vacunas.");
  await dialog(page).getByRole("button", { name: "Solicitar la corrección" }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByTestId("request-status")).toHaveText("En proceso");
  await expect(page.getByTestId("correction-message")).toHaveText("Falta el certificado de vacunas.");
  await expect(page.getByTestId("in-process")).toContainText("Ficha médica");

  // An internal review flag, with its note.
  await page.goto(`${LISTS}/validated-request?q=${TAG}`);
  await openFromList(page, "Diego");
  await page.getByRole("button", { name: "Solicitar revisión interna" }).click();
  await dialog(page).getByLabel("Nota para el equipo").fill("Revisar el nivel pedido.");
  await dialog(page).getByRole("button", { name: "Solicitar revisión interna" }).click();
  await expect(page.getByTestId("internal-review")).toContainText("Revisar el nivel pedido.");
  await page.getByRole("button", { name: "Marcar como resuelta" }).click();
  await dialog(page).getByRole("button", { name: "Marcar como resuelta" }).click();
  await expect(page.getByTestId("internal-review")).toContainText("Última revisión resuelta por Sofía");
});

test("Consulta sees the lists and the detail without any control to change them", async ({ page }) => {
  await signIn(page, "consulta@demo.local", { path: `${LISTS}/all-request?q=${TAG}&sort=studentName` });
  for (const first of FIRST_NAMES) await expect(row(page, first)).toBeVisible();
  await expect(row(page, "Bruno")).toContainText("Finalizada");
  // No row selection (the filters' own "internal review" box is not a control that changes anything).
  await expect(page.getByRole("table", { name: "Solicitudes" }).getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Aplicar" })).toHaveCount(0);
  await expect(page.getByLabel("Cambio de estado")).toHaveCount(0);

  await openFromList(page, "Alba");
  await expect(page.getByTestId("request-status")).toHaveText("Aceptada");
  await expect(page.getByTestId("request-history")).toContainText("Sin tratar → Aceptada");
  await expect(page.getByRole("region", { name: "Acciones" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Solicitar revisión interna" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Siguiente" })).toBeVisible();
});

test("an unknown request says so; Editor has no access to inscriptions", async ({ page, browser }) => {
  await signIn(page, "secretaria@demo.local", { path: `${LISTS}/request-detail/2000000000` });
  await expect(page).toHaveURL(`${LISTS}/request-not-found`);
  await expect(page.getByText("El registro ha sido eliminado o no existe.")).toBeVisible();

  const editor = await browser.newPage({ locale: "en-US" });
  await signIn(editor, "editor@demo.local", { path: `${LISTS}/without-treating?q=${TAG}` });
  await expect(editor).toHaveURL(/\/unauthorized$/);
  await editor.close();
});
