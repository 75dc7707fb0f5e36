import { expect, type Page, test } from "@playwright/test";
import { REQUEST_STATUSES } from "../packages/shared/src/request-status.ts";
import { ALL_ROUTES, type ResolvedRoute } from "../packages/shared/src/route-access.ts";
import { cedulaCheckDigit } from "../packages/shared/src/rules/identification.ts";
import { registerAccount } from "./support/accounts.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { clippedAtEachWidth } from "./support/clipping.ts";
import { openInApp } from "./support/in-app.ts";
import { expectCleanScreenText, type KnownDefect, screenTextFindings } from "./support/screen-text.ts";
import { sameOrigin, signIn } from "./support/session.ts";
import { familySigningPath, signingDocuments } from "./support/signing.ts";
import { E2E_ADMINS_BY_LANGUAGE, E2E_CONSULTAS_BY_LANGUAGE } from "./support/totp.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

/**
 * Every built screen of the route table, in es, en and fr (every screen at least
 * once, the three languages covered, CI time kept in check). The list comes from
 * packages/shared/src/routes.ts, so a screen marked built is visited without touching this file.
 *
 * Two checks share the visits. The screen sweep (support/screen-text.ts) reads every screen in
 * every language with the demo's data (the family's file filled in to its summary, then sent; the
 * staff's screens on a sent request, and the request page for a request of each status): no
 * placeholder, translation key, undefined/NaN/null, ISO date or bare catalogue code. axe-core
 * scans each screen once, in es, en or fr by its place in the list (`inLanguage`): a scan takes
 * 2–4 s and three per screen would cost CI minutes for nothing the theme does not already decide
 * (colours and structure are the same in every language), the login and the family's first screens
 * included (CONTRIBUTING.md, "CI": one axe scan a screen).
 *
 * The clipping check (support/clipping.ts: no badge, select or button shows its text cut, at
 * 1366 px, a staff desktop, and 390 px, a family's phone) rides on the Spanish visits of the family's
 * screens and of the staff's lists, tables, dashboards and settings plus a request page: one visit
 * a screen serves all three checks (list-fit.spec.ts holds the check's own test).
 */
/** The language the clipping check runs in: the school's, the one most families and staff use. */
const CLIPPING_LANGUAGE: Language = "es";
test.use({ locale: "en-US" });
// Each test has its own account and reads nothing another changes: they spread over the workers.
test.describe.configure({ mode: "parallel" });

const built = ALL_ROUTES.filter((route) => route.status === "built" && !route.hideInRoute);
const LANGUAGES = ["es", "en", "fr"] as const;
type Language = (typeof LANGUAGES)[number];

/** The screens of a list that are scanned in a language: every third, starting at the language's place. */
function inLanguage<T>(screens: readonly T[], lang: Language): T[] {
  const offset = LANGUAGES.indexOf(lang);
  return screens.filter((_, index) => index % LANGUAGES.length === offset);
}

/**
 * Known defects of screens being fixed elsewhere, each excused on its screen only; remove an
 * entry with its fix (the sweep then guards it).
 */
const KNOWN_DEFECTS: readonly KnownDefect[] = [];

/**
 * Opens a screen and waits until it has its title and nothing is still loading; checks its text
 * in the page's language, and scans it with axe when `axe`. Signed in, the screens are opened
 * inside the running app (support/in-app.ts), the way its menus and links reach them; `load`
 * loads the page instead, for a screen whose data the test has just changed through the API.
 */
async function scan(page: Page, path: string, route: string, what: string, axe: boolean, load = false) {
  if (load) await page.goto(path);
  else await openInApp(page, path);
  await expect(page.getByRole("heading", { level: 1 }).first(), what).toBeVisible();
  await expect(page.getByText(/^(Cargando|Loading|Chargement)/), what).toHaveCount(0);
  const lang = (await page.locator("html").getAttribute("lang")) as Language;
  expect(LANGUAGES, what).toContain(lang);
  await expectCleanScreenText(page, lang, route, what, KNOWN_DEFECTS);
  if (axe) await expectNoSeriousViolations(page, what);
}

async function switchLanguage(page: Page, lang: Language) {
  const select = page.getByLabel(/^(Idioma|Language|Langue)$/).first();
  await select.selectOption(lang);
  await expect(select).toHaveValue(lang);
}

test("the screen sweep's checker finds each kind of defect it guards against", async ({ page }) => {
  await page.setContent(`
    <main lang="es">
      <p>¿Es usted el representante legal {{n}}?</p>
      <p>summary.items.persons</p>
      <p>enrollment:studentFile.names</p>
      <p>Nivel: undefined</p><p>Total: NaN</p><p>null</p><p>[object Object]</p>
      <p>Enviada el 2026-12-07</p><p>2026-12-07T05:00:00.000Z</p>
      <dl><dt>País</dt><dd>EC</dd><dt>Nivel</dt><dd>TPS</dd></dl>
      <button aria-label="Quitar {{name}}">×</button>
      <p hidden>{{hidden}}</p>
      <p>Ecuador · Toute Petite Section (Inicial 1) · familia1@demo.local · cedula.pdf · 2025-2026 · 16:00</p>
      <table data-raw-values><tr><td>EC</td><td>2015-03-14</td><td>{{raw}}</td></tr></table>
    </main>`);
  expect(await screenTextFindings(page, "es", "planted")).toEqual([
    "placeholder: ¿Es usted el representante legal {{n}}?",
    "translation key: summary.items.persons",
    "translation key: enrollment:studentFile.names",
    "not a value: Nivel: undefined",
    "not a value: Total: NaN",
    "not a value: null",
    "not a value: [object Object]",
    "ISO date: Enviada el 2026-12-07",
    "ISO date: 2026-12-07T05:00:00.000Z",
    "placeholder: Quitar {{name}}",
    "placeholder: {{raw}}",
    "catalogue code: EC",
    "catalogue code: TPS",
  ]);
  // A known defect is excused on its own screen only.
  const known = [{ route: "planted", finding: /^catalogue code: EC$/ }];
  expect(await screenTextFindings(page, "es", "planted", known)).not.toContain("catalogue code: EC");
  expect(await screenTextFindings(page, "es", "other", known)).toContain("catalogue code: EC");
});

test("the axe check fails a screen with a serious violation, and passes it once fixed", async ({ page }) => {
  await page.setContent(`<main lang="en"><h1>Title</h1><p style="color:#aaa;background:#fff">Faint text</p>
    <label>Name <input></label><input aria-label=""></main>`);
  const failure = await expectNoSeriousViolations(page, "planted").catch((error: Error) => error.message);
  expect(failure).toContain('"rule": "color-contrast"');
  expect(failure).toContain('"rule": "label"');
  await page.setContent(`<!doctype html><html lang="en"><head><title>Fixed</title></head>
    <body><main><h1>Title</h1><p>Plain text</p><label>Name <input></label></main></body></html>`);
  await expectNoSeriousViolations(page, "fixed");
});

const publicRoutes = built.filter((route) => route.access !== "protected");

test("the sweep covers every public screen", () => {
  expect(publicRoutes.length).toBeGreaterThanOrEqual(9);
});

// One test per language, each on a browser of that language: the first screen loaded, the others
// opened inside the app (support/in-app.ts). A page load per screen and language (one test per
// screen, three browsers each) took 17-23 s a screen on a loaded two-core machine.
for (const [place, locale] of ["es-EC", "en-US", "fr-FR"].entries()) {
  test(`the public screens in ${locale}, each scanned with axe in one of the three languages`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    for (const [index, route] of publicRoutes.entries()) {
      // Tokens that exist for nobody: the screens then say the link is not valid.
      const path = route.fullPath.replace(":token", "not-a-real-token");
      await scan(page, path, route.id, `${path} (${locale})`, index % 3 === place);
    }
    await context.close();
  });
}

const familyRoutes = built.filter((route) => route.access === "protected" && route.roles.includes("User"));

// A family's screens, a third in each language, each language on an account of its own (switching
// the language changes the account's) and its own test, so they run side by side. The
// congratulations and the signing screen of the file's first document, last, need the file sent.
const AFTER_SENDING = ["wizard.congratulations", "familySigning"];
const familyScreens: ResolvedRoute[] = [
  ...familyRoutes.filter((route) => route.id.startsWith("wizard.") && route.id !== "wizard.congratulations"),
  ...familyRoutes.filter((route) => !route.id.startsWith("wizard.") && !AFTER_SENDING.includes(route.id)),
  ...AFTER_SENDING.flatMap((id) => familyRoutes.filter((route) => route.id === id)),
];
for (const lang of LANGUAGES) {
  test(`a family's screens, from the welcome to the congratulations (${lang})`, async ({ page }) => {
    test.setTimeout(240_000);
    expect(familyScreens.length).toBeGreaterThan(20);
    await registerAccount(page, `axeall-${lang}`, { path: null });
    const fileId = await startNewFile(page);
    await saveStepsBefore(page, fileId);
    await openWizardStep(page, fileId, "ficha-del-alumno");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await switchLanguage(page, lang);
    const scanned = new Set(inLanguage(familyScreens, lang));
    const clipped: string[] = [];
    for (const route of familyScreens) {
      if (route.id === "wizard.congratulations") {
        const sent = await page.request.post(`/api/enrollment/files/${fileId}/send`, {
          headers: sameOrigin(),
        });
        expect(sent.status(), await sent.text()).toBe(200);
      }
      // An election that exists for nobody: its pages say so; a household invitation nobody sent.
      const path =
        route.id === "familySigning"
          ? familySigningPath(route.fullPath, fileId, (await signingDocuments(page, fileId))[0]?.documentId ?? 0)
          : route.fullPath.replace(":id", "2147483000").replace(":token", "not-a-real-token");
      const sentJustNow = route.id === "wizard.congratulations";
      await scan(page, path, route.id, `${route.id} (${lang})`, scanned.has(route), sentJustNow);
      if (lang === CLIPPING_LANGUAGE) clipped.push(...(await clippedAtEachWidth(page, route.id)));
    }
    expect(clipped, "badges, selects or buttons whose text is cut").toEqual([]);
  });
}

/**
 * The first sent request of the staff's list (one the family is filling in shows no module form),
 * one request of each status (the demo year has them all), and the first user of Settings › Users,
 * for the screens that name one.
 */
async function sampleIds(page: Page): Promise<{ request: number; byStatus: number[]; user: number }> {
  const firstOf = async (statuses: readonly string[]) => {
    const list = await page.request.get(
      `/api/requests?page=1&pageSize=10&sort=createdAt&order=asc&status=${statuses.join(",")}`,
    );
    expect(list.status()).toBe(200);
    return ((await list.json()) as { items: { id: number }[] }).items[0]?.id;
  };
  const request = await firstOf(REQUEST_STATUSES.filter((status) => status !== "InProcess"));
  const byStatus = await Promise.all(REQUEST_STATUSES.map((status) => firstOf([status])));
  const users = await page.request.get("/api/users");
  const user = users.ok() ? ((await users.json()) as { items: { id: number }[] }).items[0]?.id : undefined;
  expect(request).toBeDefined();
  expect(byStatus, "a request of each status").not.toContain(undefined);
  return { request: request!, byStatus: byStatus as number[], user: user ?? 0 };
}

/** A family created at the desk for this run (docs/rules/staff-workflow.md "Walk-in families"), for its page. */
async function walkInFamily(page: Page, lang: string): Promise<number> {
  const firstNine = `08${String(Date.now()).slice(-6)}${LANGUAGES.indexOf(lang as (typeof LANGUAGES)[number]) + 1}`;
  const response = await page.request.post("/api/desk/families", {
    headers: sameOrigin(),
    data: {
      names: "Rosa Elena",
      firstSurname: "Quishpe",
      secondSurname: "",
      typeIdentification: 1,
      documentNumber: `${firstNine}${cedulaCheckDigit(firstNine)}`,
      phone: "0987654321",
      language: lang,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const staffRoutes = built.filter((route) => route.access === "protected" && !route.roles.includes("User"));

// The staff's screens as the Admin sees them (she sees every one), a third in each language: the
// demo Admin (Spanish) and the e2e database's Admins working in English and French
// (scripts/e2e-seed.ts); then the request pages a Consulta sees read-only, each once.
const STAFF_ADMINS = { es: "admin@demo.local", ...E2E_ADMINS_BY_LANGUAGE } as const;
const adminScreens = staffRoutes.filter((r) => r.roles.includes("Admin"));
for (const lang of LANGUAGES) {
  test(`the staff's screens, as the Admin sees them (${lang})`, async ({ page }) => {
    const scanned = new Set(inLanguage(adminScreens, lang));
    // A minute to sign in, then up to 15 s a screen scanned with axe and 6 s one only read.
    test.setTimeout(60_000 + scanned.size * 15_000 + (adminScreens.length - scanned.size + 10) * 6_000);
    expect(adminScreens.length).toBeGreaterThan(40);
    await signIn(page, STAFF_ADMINS[lang]);
    await expect(page).toHaveURL(/\/portal\/dashboard$/);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const ids = await sampleIds(page);
    const deskFamily = await walkInFamily(page, lang);
    const clipping = lang === CLIPPING_LANGUAGE;
    const clipped: string[] = [];
    for (const route of adminScreens) {
      const id = route.fullPath.includes("/settings/users/")
        ? ids.user
        : route.id === "desk.family"
          ? deskFamily
          : ids.request;
      // The demo has requests in every status: a page of 100 holds the longest status names.
      const path =
        clipping && route.id === "inscriptions.allRequest"
          ? `${route.fullPath}?pageSize=100&testData=include`
          : route.fullPath.replace(":id", String(id));
      await scan(page, path, route.id, `${route.id} (${lang})`, scanned.has(route));
      // Lists, tables, dashboards and settings (the screens that name no record), and below a request page.
      if (clipping && !route.fullPath.includes(":")) clipped.push(...(await clippedAtEachWidth(page, route.id)));
    }
    // The request page of a request in each status: its badge, its actions, its history.
    const detail = staffRoutes.find((route) => route.id === "inscriptions.requestDetail");
    expect(detail).toBeDefined();
    for (const [index, id] of ids.byStatus.entries()) {
      const what = `${detail!.id} (${REQUEST_STATUSES[index]}, ${lang})`;
      await scan(page, detail!.fullPath.replace(":id", String(id)), detail!.id, what, false);
      if (clipping && index === 1) clipped.push(...(await clippedAtEachWidth(page, what)));
    }
    expect(clipped, "badges, selects or buttons whose text is cut").toEqual([]);
  });
}

const CONSULTAS = { es: "consulta@demo.local", ...E2E_CONSULTAS_BY_LANGUAGE } as const;
const consultaScreens = staffRoutes.filter(
  (r) => r.roles.includes("Consulta") && r.fullPath.endsWith("/:id") && !r.fullPath.includes("settings"),
);
for (const lang of LANGUAGES) {
  test(`the read-only request screens of a Consulta (${lang})`, async ({ page }) => {
    expect(consultaScreens.length).toBeGreaterThan(10);
    await signIn(page, CONSULTAS[lang]);
    await expect(page).toHaveURL(/\/portal\/dashboard$/);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const { request } = await sampleIds(page);
    // Each read-only screen once, in one of the three languages, read and scanned with axe: its
    // words are the Admin's screen's, read in every language above; what is the Consulta's own (the
    // answers shown as text, no actions) reads the same in any language.
    for (const route of inLanguage(consultaScreens, lang)) {
      const what = `${route.id} (Consulta, ${lang})`;
      await scan(page, route.fullPath.replace(":id", String(request)), route.id, what, true);
    }
  });
}
