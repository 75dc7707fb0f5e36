import { expect, type Page, test } from "@playwright/test";
import { REQUEST_STATUSES } from "../packages/shared/src/request-status.ts";
import { ALL_ROUTES, type ResolvedRoute } from "../packages/shared/src/route-access.ts";
import { registerAccount } from "./support/accounts.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { logIn } from "./support/session.ts";
import { E2E_ADMINS_BY_LANGUAGE, E2E_CONSULTAS_BY_LANGUAGE } from "./support/totp.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

/**
 * axe-core on every built screen of the route table (issue #14: "every screen at least once, the
 * three languages covered, CI time kept in check"). The list comes from packages/shared/src/routes.ts,
 * so a screen marked built is scanned without touching this file. Each screen is scanned once, in
 * es, en or fr by its place in the list (`inLanguage`), so every language covers a third of every
 * role's screens: a full scan takes 2–4 s, and three per screen cost CI about nine minutes for
 * nothing the theme does not already decide (colours and structure are the same in every language;
 * the catalogs' parity test keeps their texts of the same shape). accessibility.spec.ts scans the
 * first screens in all three languages.
 */
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

/** Opens a screen and waits until it has its title and nothing is still loading. */
async function scan(page: Page, path: string, what: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first(), what).toBeVisible();
  await expect(page.getByText(/^(Cargando|Loading|Chargement)/), what).toHaveCount(0);
  await expectNoSeriousViolations(page, what);
}

async function switchLanguage(page: Page, lang: Language) {
  const select = page.getByLabel(/^(Idioma|Language|Langue)$/).first();
  await select.selectOption(lang);
  await expect(select).toHaveValue(lang);
}

test("every public screen, rotating through es, en and fr", async ({ browser }) => {
  const paths = built
    .filter((route) => route.access !== "protected")
    // Tokens that exist for nobody: the screens then say the link is not valid.
    .map((route) => route.fullPath.replace(":token", "not-a-real-token"));
  expect(paths.length).toBeGreaterThanOrEqual(9);
  for (const [index, path] of paths.entries()) {
    const locale = ["es-EC", "en-US", "fr-FR"][index % 3] as string;
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await scan(page, path, `${path} (${locale})`);
    await context.close();
  }
});

const familyRoutes = built.filter((route) => route.access === "protected" && route.roles.includes("User"));

// A family's screens, a third in each language, each language on an account of its own (switching
// the language changes the account's) and its own test, so they run side by side. The
// congratulations, last, needs the file sent.
const familyScreens: ResolvedRoute[] = [
  ...familyRoutes.filter((route) => route.id.startsWith("wizard.") && route.id !== "wizard.congratulations"),
  ...familyRoutes.filter((route) => !route.id.startsWith("wizard.")),
  ...familyRoutes.filter((route) => route.id === "wizard.congratulations"),
];
for (const lang of LANGUAGES) {
  test(`a third of a family's screens, from the welcome to the congratulations (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    expect(familyScreens.length).toBeGreaterThan(20);
    await registerAccount(page, `axeall-${lang}`);
    const fileId = await startNewFile(page);
    await saveStepsBefore(page, fileId);
    await openWizardStep(page, fileId, "ficha-del-alumno");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await switchLanguage(page, lang);
    for (const route of inLanguage(familyScreens, lang)) {
      if (route.id === "wizard.congratulations") {
        const sent = await page.request.post(`/api/enrollment/files/${fileId}/send`, {
          headers: { origin: new URL(page.url()).origin },
        });
        expect(sent.status(), await sent.text()).toBe(200);
      }
      // An election that exists for nobody: its pages say so; a household invitation nobody sent.
      const path = route.fullPath.replace(":id", "2147483000").replace(":token", "not-a-real-token");
      await scan(page, path, `${route.id} (${lang})`);
    }
  });
}

/**
 * The first sent request of the staff's list (one the family is filling in shows no module form)
 * and the first user of Settings › Users, for the screens that name one.
 */
async function sampleIds(page: Page): Promise<{ request: number; user: number }> {
  const sent = REQUEST_STATUSES.filter((status) => status !== "InProcess").join(",");
  const requests = await page.request.get(`/api/requests?page=1&pageSize=10&sort=createdAt&order=asc&status=${sent}`);
  expect(requests.status()).toBe(200);
  const users = await page.request.get("/api/users");
  const request = ((await requests.json()) as { items: { id: number }[] }).items[0]?.id;
  const user = users.ok() ? ((await users.json()) as { items: { id: number }[] }).items[0]?.id : undefined;
  expect(request).toBeDefined();
  return { request: request!, user: user ?? 0 };
}

const staffRoutes = built.filter((route) => route.access === "protected" && !route.roles.includes("User"));

// The staff's screens as the Admin sees them (she sees every one), a third in each language: the
// demo Admin (Spanish) and the e2e database's Admins working in English and French
// (scripts/e2e-seed.ts); then the request pages a Consulta sees read-only, the same way.
const STAFF_ADMINS = { es: "admin@demo.local", ...E2E_ADMINS_BY_LANGUAGE } as const;
const adminScreens = staffRoutes.filter((r) => r.roles.includes("Admin"));
for (const lang of LANGUAGES) {
  test(`a third of the staff's screens, as the Admin sees them (${lang})`, async ({ page }) => {
    const screens = inLanguage(adminScreens, lang);
    // A minute to sign in, then up to 15 s a screen: 148–178 s for 16 screens on a slow CI machine,
    // where a flat 180 s failed once.
    test.setTimeout(60_000 + screens.length * 15_000);
    expect(adminScreens.length).toBeGreaterThan(40);
    await logIn(page, STAFF_ADMINS[lang]);
    await expect(page).toHaveURL(/\/portal\/dashboard$/);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const ids = await sampleIds(page);
    for (const route of screens) {
      const id = route.fullPath.includes("/settings/users/") ? ids.user : ids.request;
      await scan(page, route.fullPath.replace(":id", String(id)), `${route.id} (${lang})`);
    }
  });
}

const CONSULTAS = { es: "consulta@demo.local", ...E2E_CONSULTAS_BY_LANGUAGE } as const;
const consultaScreens = staffRoutes.filter(
  (r) => r.roles.includes("Consulta") && r.fullPath.endsWith("/:id") && !r.fullPath.includes("settings"),
);
for (const lang of LANGUAGES) {
  test(`a third of the read-only request screens of a Consulta (${lang})`, async ({ page }) => {
    expect(consultaScreens.length).toBeGreaterThan(10);
    await logIn(page, CONSULTAS[lang]);
    await expect(page).toHaveURL(/\/portal\/dashboard$/);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const { request } = await sampleIds(page);
    for (const route of inLanguage(consultaScreens, lang)) {
      await scan(page, route.fullPath.replace(":id", String(request)), `${route.id} (Consulta, ${lang})`);
    }
  });
}
