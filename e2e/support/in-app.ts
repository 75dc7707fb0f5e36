import type { Page } from "@playwright/test";

/**
 * Opens `path` inside the app already running in the page, as its own links do (the history API
 * and the router following it), instead of loading the app again: the sweeps over every screen
 * (accessibility-every-screen, list-fit) spent most of their time in page loads, several seconds
 * each on a busy two-core machine. A page not on the app yet loads it.
 *
 * Each screen is reached from another (one of HOPS, neither the screen left nor the one opened),
 * so it is mounted afresh rather than updated in place (a list or a detail page of another id); each
 * step waits for a title other than the one on screen before: the router keeps showing the
 * previous screen while the next one's code downloads, and screens drawn by the same component
 * (the system messages) keep the same heading element with a new text.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  if (!page.url().startsWith("http")) {
    await page.goto(path);
    return;
  }
  const here = new URL(page.url()).pathname;
  // Never undefined: three hops, two excluded at most.
  const hop = HOPS.find((candidate) => candidate !== here && !path.startsWith(candidate)) as string;
  await followInApp(page, hop);
  await followInApp(page, path);
}

/** Screens every visitor may open, each with a title of its own. */
const HOPS = ["/page-not-found", "/unauthorized", "/invalid-access"];

async function followInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const heading of Array.from(document.querySelectorAll("h1"))) {
      heading.setAttribute("data-e2e-left", heading.textContent ?? "");
    }
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  try {
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll("h1")).some(
          (heading) =>
            heading.getClientRects().length > 0 && heading.getAttribute("data-e2e-left") !== heading.textContent,
        ),
      undefined,
      { timeout: 20_000 },
    );
  } catch (error) {
    throw new Error(`${path}: no new screen title after opening it in the app (${String(error)})`);
  }
}
