import { expect, test } from "@playwright/test";
import { CURRENT_YEAR } from "./support/demo-calendar.ts";
import { DEMO_PASSWORD, logIn } from "./support/session.ts";

// The public pages arrive drawn by the server (docs/web.md "Server-drawn public pages"): readable
// and laid out before any script runs, in the visitor's language, then taken over by React.
const DEMO_SCHOOL = "Colegio Demo Bilingüe";

test.describe("before any script runs", () => {
  test.use({ javaScriptEnabled: false });

  const pages = [
    { locale: "es-EC", path: "/login", heading: "Iniciar sesión", fields: ["Correo electrónico", "Contraseña"] },
    { locale: "en-US", path: "/login", heading: "Log in", fields: ["E-mail", "Password"] },
    { locale: "fr-FR", path: "/login", heading: "Connexion", fields: ["E-mail", "Mot de passe"] },
    { locale: "en-US", path: "/register", heading: "Create account", fields: ["E-mail", "Phone"] },
    { locale: "fr-FR", path: "/forgot-password", heading: "Mot de passe oublié ?", fields: ["E-mail"] },
    {
      locale: "es-EC",
      path: "/verify-document",
      heading: "Comprobar un documento firmado",
      fields: ["Código de verificación"],
    },
  ];
  const titles: Record<string, string> = { "Mot de passe oublié ?": "Mot de passe oublié" };
  for (const { locale, path, heading, fields } of pages) {
    test(`${path} in ${locale} is drawn whole, in that language and with the school's brand`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale });
      const page = await context.newPage();
      const response = await page.goto(path);
      expect(response?.headers().vary).toContain("Accept-Language");
      expect(response?.headers()["cache-control"]).toBe("private, no-cache");
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      for (const field of fields) await expect(page.getByRole("textbox", { name: field, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(`${titles[heading] ?? heading} · ${DEMO_SCHOOL}`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale.slice(0, 2));
      // Laid out with its style sheets, not bare HTML: Mantine's inputs have their class' border.
      const border = await page.getByRole("textbox", { name: fields[0], exact: true }).evaluate((input) => {
        return getComputedStyle(input).borderTopStyle;
      });
      expect(border).toBe("solid");
      // Nothing to send before React takes the form over: its fields and button are disabled.
      await expect(page.getByRole("textbox", { name: fields[0], exact: true })).toBeDisabled();
      await context.close();
    });
  }

  test("the login form shows the current school year chosen, drawn from the server's data", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByLabel("Año lectivo").locator("option:checked")).toHaveText(CURRENT_YEAR);
  });

  test("the visitor's language cookie wins over the browser's; an unknown one falls back", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-US" });
    const url = new URL(test.info().project.use.baseURL ?? "http://localhost:3100");
    await context.addCookies([{ name: "portal_lang", value: "fr", domain: url.hostname, path: "/" }]);
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
    await context.addCookies([{ name: "portal_lang", value: "xx", domain: url.hostname, path: "/" }]);
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await context.close();
  });
});

test.describe("taken over by React", () => {
  test.use({ locale: "en-US" });

  test("the drawn login becomes usable without being drawn again, and signs a family in", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    // The app's code is held back: the drawn form shows meanwhile, disabled.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/index-*.js", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/login", { waitUntil: "commit" });
    const email = page.getByRole("textbox", { name: "E-mail" });
    await expect(email).toBeVisible();
    await expect(email).toBeDisabled();
    // React takes over the very elements that were drawn: the field is the same node, now enabled.
    await email.evaluate((input) => {
      (window as unknown as { drawnEmail: Element }).drawnEmail = input;
    });
    release();
    await expect(email).toBeEnabled();
    expect(await email.evaluate((input) => (window as unknown as { drawnEmail: Element }).drawnEmail === input)).toBe(
      true,
    );
    await logIn(page, "familia1@demo.local", DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/portal\//);
    // No hydration mismatch, no error on the way.
    expect(problems).toEqual([]);
  });

  test("a signed-in visitor opening /login gets the app, which decides as it always has", async ({ page }) => {
    await page.goto("/login");
    await logIn(page, "familia1@demo.local");
    await expect(page).toHaveURL(/\/portal\//);
    const response = await page.request.get("/login");
    expect(await response.text()).not.toContain("portal-initial-data");
    // Spec 2: a public-only page opened signed in is "invalid access", not a drawn login form.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/invalid-access$/);
  });
});
