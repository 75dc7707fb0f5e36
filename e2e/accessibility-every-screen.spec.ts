import { expect, type Page, test } from "@playwright/test";
import { ALL_ROUTES, type ResolvedRoute } from "../packages/shared/src/route-access.ts";
import { registerAccount } from "./support/accounts.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { logIn } from "./support/session.ts";
import { E2E_ADMINS_BY_LANGUAGE, E2E_CONSULTAS_BY_LANGUAGE } from "./support/totp.ts";
import { openWizardStep, saveStepsBefore, startNewFile } from "./support/wizard.ts";

/**
 * axe-core on every built screen of the route table (issue #14: "every screen of every role, the
 * three languages covered"). The list comes from packages/shared/src/routes.ts, so a screen marked
 * built is scanned without touching this file. accessibility.spec.ts scans the first screens in
 * all three languages; here every family screen in es, en and fr (an account of its own per
 * language), the public ones rotating through the three, and the staff's are the Admin's (who sees every staff screen) in
 * Spanish, English and French (an Admin of each language), with the read-only variants of a Consulta.
 */
test.use({ locale: "en-US" });

const built = ALL_ROUTES.filter((route) => route.status === "built" && !route.hideInRoute);
const LANGUAGES = ["es", "en", "fr"] as const;

/** Opens a screen and waits until it has its title and nothing is still loading. */
async function scan(page: Page, path: string, what: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first(), what).toBeVisible();
  await expect(page.getByText(/^(Cargando|Loading|Chargement)/), what).toHaveCount(0);
  await expectNoSeriousViolations(page, what);
}

async function switchLanguage(page: Page, lang: (typeof LANGUAGES)[number]) {
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

// Every family screen in each language, each language on an account of its own (switching the
// language changes the account's) and its own test, so the three run side by side.
for (const lang of LANGUAGES) {
  test(`every screen of a family, from the welcome to the congratulations (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await registerAccount(page, `axeall-${lang}`);
    const fileId = await startNewFile(page);
    await saveStepsBefore(page, fileId);
    await openWizardStep(page, fileId, "ficha-del-alumno");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await switchLanguage(page, lang);
    const wizard = familyRoutes.filter(
      (route) => route.id.startsWith("wizard.") && route.id !== "wizard.congratulations",
    );
    const others = familyRoutes.filter((route) => !route.id.startsWith("wizard."));
    const screens: ResolvedRoute[] = [...wizard, ...others];
    for (const route of screens) {
      // An election that exists for nobody: its pages say so; a household invitation nobody sent.
      const path = route.fullPath.replace(":id", "2147483000").replace(":token", "not-a-real-token");
      await scan(page, path, `${route.id} (${lang})`);
    }
    // Sent, the wizard ends on the congratulations and its documents.
    const sent = await page.request.post(`/api/enrollment/files/${fileId}/send`, {
      headers: { origin: new URL(page.url()).origin },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const congratulations = familyRoutes.find((route) => route.id === "wizard.congratulations");
    expect(congratulations).toBeDefined();
    await scan(page, congratulations!.fullPath, `wizard.congratulations (${lang})`);
  });
}

/** The first request of the staff's list and the first user of Settings › Users, for the screens that name one. */
async function sampleIds(page: Page): Promise<{ request: number; user: number }> {
  const requests = await page.request.get("/api/requests?page=1&pageSize=10");
  expect(requests.status()).toBe(200);
  const users = await page.request.get("/api/users");
  const request = ((await requests.json()) as { items: { id: number }[] }).items[0]?.id;
  const user = users.ok() ? ((await users.json()) as { items: { id: number }[] }).items[0]?.id : undefined;
  expect(request).toBeDefined();
  return { request: request!, user: user ?? 0 };
}

const staffRoutes = built.filter((route) => route.access === "protected" && !route.roles.includes("User"));

// Every staff screen in each language: the demo Admin (Spanish) and the e2e database's Admins
// working in English and French (scripts/e2e-seed.ts). Each language's screens in two halves, each
// its own test, so they run side by side and each stays well within its time on a busy machine.
const STAFF_ADMINS = { es: "admin@demo.local", ...E2E_ADMINS_BY_LANGUAGE } as const;
const adminScreens = staffRoutes.filter((r) => r.roles.includes("Admin"));
const halves = [
  adminScreens.slice(0, Math.ceil(adminScreens.length / 2)),
  adminScreens.slice(Math.ceil(adminScreens.length / 2)),
];
for (const [lang, email] of Object.entries(STAFF_ADMINS)) {
  for (const [index, screens] of halves.entries()) {
    test(`every staff screen, as the Admin sees it (${lang}, part ${index + 1} of 2)`, async ({ page }) => {
      test.setTimeout(240_000);
      await logIn(page, email);
      await expect(page).toHaveURL(/\/portal\/dashboard$/);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const ids = await sampleIds(page);
      expect(adminScreens.length).toBeGreaterThan(40);
      for (const route of screens) {
        const id = route.fullPath.includes("/settings/users/") ? ids.user : ids.request;
        await scan(page, route.fullPath.replace(":id", String(id)), `${route.id} (${lang})`);
      }
    });
  }
}

const CONSULTAS = { es: "consulta@demo.local", ...E2E_CONSULTAS_BY_LANGUAGE } as const;
for (const [lang, email] of Object.entries(CONSULTAS)) {
  test(`the read-only request screens of a Consulta (${lang})`, async ({ page }) => {
    await logIn(page, email);
    await expect(page).toHaveURL(/\/portal\/dashboard$/);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const { request } = await sampleIds(page);
    for (const route of staffRoutes.filter(
      (r) => r.roles.includes("Consulta") && r.fullPath.endsWith("/:id") && !r.fullPath.includes("settings"),
    )) {
      await scan(page, route.fullPath.replace(":id", String(request)), `${route.id} (Consulta, ${lang})`);
    }
  });
}
