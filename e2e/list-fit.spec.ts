import { expect, type Page, test } from "@playwright/test";
import { logIn } from "./support/session.ts";

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US" });

const ALL_REQUESTS = "/portal/dashboards/inscriptions/all-request?pageSize=50";

/** Each status badge of the page: its label's full width, its own width, and its cell's bounds. */
async function badgeFits(page: Page) {
  return page.getByTestId("status-badge").evaluateAll((badges) =>
    badges.map((badge) => {
      const label = badge.querySelector(".mantine-Badge-label") as HTMLElement;
      const box = badge.getBoundingClientRect();
      const cell = (badge.closest("td") ?? badge.parentElement) as HTMLElement;
      const bounds = cell.getBoundingClientRect();
      return {
        text: label.textContent,
        // A clipped label scrolls: its content is wider than the box that shows it.
        clipped: label.scrollWidth > label.clientWidth + 1 || label.scrollWidth > box.width,
        insideCell: box.left >= bounds.left - 1 && box.right <= bounds.right + 1,
      };
    }),
  );
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`the request list's status badges are never cut at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await logIn(page, "secretaria@demo.local");
    await expect(page).toHaveURL(/\/portal\//);
    await page.goto(ALL_REQUESTS);
    await expect(page.getByRole("heading", { name: "Todas las solicitudes", level: 1 })).toBeVisible();
    await expect(page.getByTestId("status-badge").first()).toBeVisible();
    const badges = await badgeFits(page);
    // The demo has files in every status: the longest labels are among them.
    expect(new Set(badges.map((b) => b.text)).size).toBeGreaterThan(5);
    for (const badge of badges) {
      expect(badge, badge.text ?? "").toEqual({ text: badge.text, clipped: false, insideCell: true });
    }
  });
}

test("on a phone the request list's filters wait behind a button that says how many are set", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\//);
  await page.goto(ALL_REQUESTS);
  await expect(page.getByRole("heading", { name: "Todas las solicitudes", level: 1 })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Buscar" })).toBeVisible();
  const more = page.getByRole("button", { name: "Más filtros" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("combobox", { name: "Nivel" })).toBeHidden();
  // The list starts within the first screen instead of below seven filters.
  await expect(page.getByRole("table").getByRole("row").nth(1)).toBeInViewport();

  await more.click();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("combobox", { name: "Nivel" }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/level=/);
  await expect(page.getByRole("button", { name: "Más filtros (1 activo)" })).toBeVisible();

  // From a tablet up every filter shows, with no button.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.getByRole("combobox", { name: "Nivel" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Más filtros/ })).toHaveCount(0);
});
