// bench:first-screen's signed-in part: two screens opened by a click on the same throttled phone
// network as the login, with a warm cache (the screen's code was fetched once before, as it is
// after a first visit), goal ≤ 1 s from the click to the screen's data on screen:
//   - the staff's request list: the Secretaria on her dashboard clicks the untreated requests'
//     figure, until the list's first row shows;
//   - the wizard's step screen: a family on the welcome page clicks "Continue the enrollment" on a
//     file just started, until the student file step's first field shows.
// Each run opens the starting screen afresh (its data not in the page's memory), then clicks.
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../apps/server/src/demo/demo.ts";
import { fetchPost, signIn } from "./staff-sign-in.ts";

export const CLICK_GOAL_MS = 1_000;
// The phone network: 1.6 Mbps down, 150 ms round trip (Lighthouse's "slow 4G" upload).
export const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};

interface Screen {
  name: string;
  email: string;
  /** What the account does once before the runs (through the API, as the browser would). */
  prepare?: (base: string, cookie: string) => Promise<void>;
  start: string;
  /** The element to click, once the starting screen is ready. */
  trigger: (page: Page) => Locator;
  /** The element whose showing means the screen opened with its data. */
  target: (page: Page) => Locator;
}

const SCREENS: Screen[] = [
  {
    name: "staff request list",
    email: "secretaria@demo.local",
    start: "/portal/dashboard",
    trigger: (page) => page.getByTestId("status-Untreated"),
    target: (page) => page.locator("tbody tr").first(),
  },
  {
    name: "wizard step screen",
    email: "familia1@demo.local",
    // A first enrollment started: the welcome page shows its card with "Continue the enrollment".
    prepare: async (base, cookie) => {
      const response = await fetch(`${base}/api/enrollment/files`, {
        method: "POST",
        // What the browser sends from the portal's own page (plugins/csrf.ts).
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", cookie },
        body: "{}",
      });
      if (response.status !== 201) throw new Error(`new file: ${response.status} ${await response.text()}`);
    },
    start: "/portal/inscripciones/bienvenido",
    trigger: (page) => page.getByRole("button", { name: "Continuar la inscripción" }).first(),
    target: (page) => page.getByLabel("Nombres", { exact: true }),
  },
];

async function sessionCookie(base: string, email: string): Promise<string> {
  const years = (await (await fetch(`${base}/api/school-years`)).json()) as { id: number; isCurrent: boolean }[];
  const year = years.find((entry) => entry.isCurrent) ?? years[0];
  if (!year) throw new Error("no school year");
  return signIn(fetchPost(base), { schoolYearId: year.id, email, password: DEMO_PASSWORD }, base);
}

/** One round trip of a tiny answer on the same network, from the page: the floor of any click. */
export async function roundTripMs(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const started = performance.now();
    await (await fetch(`/api/health?${Math.random()}`)).text();
    return Math.round(performance.now() - started);
  });
}

async function clickOnce(page: Page, base: string, screen: Screen): Promise<number> {
  await page.goto(`${base}${screen.start}`);
  const trigger = screen.trigger(page);
  await trigger.waitFor({ state: "visible", timeout: 60_000 });
  const started = Date.now();
  await trigger.click();
  await screen.target(page).waitFor({ state: "visible", timeout: 60_000 });
  return Date.now() - started;
}

export interface ClickFigures {
  name: string;
  times: number[];
  roundTrips: number[];
}

/** Each screen: one click not counted (it fills the cache), then `runs` counted ones. */
export async function benchSignedInScreens(browser: Browser, base: string, runs: number): Promise<ClickFigures[]> {
  const figures: ClickFigures[] = [];
  for (const screen of SCREENS) {
    const cookie = await sessionCookie(base, screen.email);
    await screen.prepare?.(base, cookie);
    const [name, value] = cookie.split(/=(.*)/s);
    const context: BrowserContext = await browser.newContext({
      locale: "es-EC",
      viewport: { width: 1280, height: 900 },
    });
    try {
      await context.addCookies([{ name: name ?? "", value: value ?? "", url: base }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", NETWORK);
      await clickOnce(page, base, screen);
      const result: ClickFigures = { name: screen.name, times: [], roundTrips: [] };
      for (let i = 0; i < runs; i += 1) {
        const ms = await clickOnce(page, base, screen);
        const roundTrip = await roundTripMs(page);
        result.times.push(ms);
        result.roundTrips.push(roundTrip);
        console.log(
          `${screen.name} run ${i + 1}: opened ${ms} ms after the click (a bare round trip: ${roundTrip} ms)`,
        );
      }
      figures.push(result);
    } finally {
      await context.close();
    }
  }
  return figures;
}
