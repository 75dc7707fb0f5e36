import { expect, type Page, test } from "@playwright/test";
import type { SchoolYear } from "@portal/shared/schemas/responses";
import { CURRENT_YEAR } from "./demo-calendar.ts";
import { E2E_MFA_ACCOUNTS, totpCode } from "./totp.ts";

export const DEMO_PASSWORD = "demo-portal-2025";

/**
 * Signs in through the login screen (the current school year is preselected). For specs about the
 * login screen itself (and the redirects around it); every other spec uses signIn below.
 */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes("/login")) await page.goto("/login");
  await expect(page.getByLabel("School year").locator("option:checked")).toHaveText(CURRENT_YEAR);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  // Wait for the server's answer: navigating before it arrives would leave without the cookie.
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/api/auth/login")),
    page.getByRole("button", { name: "Log in" }).click(),
  ]);
  // Staff pass the second factor for real: the code of the key the e2e database gave
  // them (scripts/e2e-seed.ts), typed in the code field.
  if (answer.ok() && ((await answer.json()) as { mfa: string | null }).mfa === "verify") {
    if (!E2E_MFA_ACCOUNTS.includes(email)) throw new Error(`${email} has a second factor this helper does not know`);
    await page.getByLabel("Verification code").fill(totpCode());
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/api/auth/mfa/verify")),
      page.getByRole("button", { name: "Verify" }).click(),
    ]);
  }
}

/**
 * Signs in through the API, with the requests the login screen sends (the password for the current
 * year, then the second factor for staff), then opens `path`: by default the home address, which
 * sends each role where the login screen would (dashboard, enrollment welcome). `path: null` opens
 * nothing, for a context that only prepares data through the API. The login screen has its own
 * specs (auth, guards, login-captcha, mfa, public-pages, maintenance); filling it in every other
 * spec cost a page load and two form round trips per sign-in (docs/architecture.md, "Tests").
 */
export async function signIn(
  page: Page,
  email: string,
  options: { password?: string; path?: string | null } = {},
): Promise<void> {
  const login = await page.request.post("/api/auth/login", {
    headers: sameOrigin(),
    data: { schoolYearId: await currentYearId(page), email, password: options.password ?? DEMO_PASSWORD },
  });
  expect(login.status(), `${email}: ${await login.text()}`).toBe(200);
  if (((await login.json()) as { mfa: string | null }).mfa === "verify") {
    if (!E2E_MFA_ACCOUNTS.includes(email)) throw new Error(`${email} has a second factor this helper does not know`);
    const verified = await page.request.post("/api/auth/mfa/verify", {
      headers: sameOrigin(),
      data: { code: totpCode() },
    });
    expect(verified.status(), `${email}: ${await verified.text()}`).toBe(200);
  }
  const path = options.path === undefined ? "/" : options.path;
  if (path !== null) await page.goto(path);
}

/** The Origin header the CSRF check wants on the API's writes: the portal's own, as the browser sends. */
export function sameOrigin(): { origin: string } {
  return { origin: new URL(test.info().project.use.baseURL ?? "http://localhost:3100").origin };
}

let currentYear: number | undefined;
/** The current year's id, as the login screen preselects it (it stays the current one all run). */
async function currentYearId(page: Page): Promise<number> {
  if (currentYear === undefined) {
    const years = (await (await page.request.get("/api/school-years")).json()) as SchoolYear[];
    const year = years.find((candidate) => candidate.label === CURRENT_YEAR);
    if (!year) throw new Error(`no school year ${CURRENT_YEAR} among ${years.map((y) => y.label).join(", ")}`);
    currentYear = year.id;
  }
  return currentYear;
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}
