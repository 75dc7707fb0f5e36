import { expect, test } from "@playwright/test";
import { signIn } from "./support/session.ts";

// The login screen in English; the demo staff then work in Spanish.
test.use({ locale: "en-US" });

test("the password's show/hide button is reached and worked by keyboard", async ({ page }) => {
  await page.goto("/login");
  const password = page.getByLabel(/^Password/);
  await password.fill("a secret phrase");
  await password.focus();
  await page.keyboard.press("Tab");
  const toggle = page.getByRole("button", { name: "Show the password" });
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(password).toHaveAttribute("type", "text");
  await expect(page.getByRole("button", { name: "Hide the password" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(password).toHaveAttribute("type", "password");
});

test("signed in, the first Tab reaches a skip link that moves the focus past the header and menu", async ({ page }) => {
  await signIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.locator("body").focus();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Saltar al contenido" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main-content")).toBeFocused();
});

test("a sidebar link focused by keyboard shows its whole focus ring inside the scrolling sidebar", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await signIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);
  const sidebar = page.getByRole("navigation", { name: "Navegación principal" });
  const link = sidebar.getByRole("link").first();
  await link.focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(link).toBeFocused();
  // The ring is drawn within the link's box (an inset outline), and the box lies within the
  // ScrollArea's viewport, the element that clips: so no part of the ring is cut off.
  const geometry = await link.evaluate((element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const viewport = element.closest(".mantine-ScrollArea-viewport")?.getBoundingClientRect();
    return {
      width: Number.parseFloat(style.outlineWidth),
      offset: Number.parseFloat(style.outlineOffset),
      style: style.outlineStyle,
      inside: viewport ? box.left >= viewport.left && box.right <= viewport.right : null,
    };
  });
  expect(geometry.style).not.toBe("none");
  expect(geometry.width).toBeGreaterThan(0);
  expect(geometry.offset + geometry.width).toBeLessThanOrEqual(0);
  expect(geometry.inside).toBe(true);
});
