import { expect, test } from "@playwright/test";
import { signIn } from "./support/session.ts";

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US" });

const LISTS = "/portal/dashboards/inscriptions";
const SEARCH = "Pérez";

test("the secretary goes from the untreated list to the accepted list and to photos with the tab bar, the search kept", async ({
  page,
}) => {
  await signIn(page, "secretaria@demo.local", { path: LISTS });
  await expect(page).toHaveURL(`${LISTS}/without-treating`);

  const tabs = page.getByRole("navigation", { name: "Listas de solicitudes" });
  await expect(tabs.getByRole("link", { name: "Solicitudes sin tratar" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link")).toHaveCount(9);

  // Enter runs the search at once; it lands in the URL and the tabs carry it on.
  const search = page.getByLabel("Buscar");
  await search.fill(SEARCH);
  await search.press("Enter");
  await expect(page).toHaveURL(`${LISTS}/without-treating?q=${encodeURIComponent(SEARCH)}`);

  await tabs.getByRole("link", { name: "Solicitudes aceptadas" }).click();
  await expect(page).toHaveURL(`${LISTS}/accepted-request?q=${encodeURIComponent(SEARCH)}`);
  await expect(page.getByRole("heading", { name: "Solicitudes aceptadas", level: 1 })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Solicitudes aceptadas" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Solicitudes sin tratar" })).not.toHaveAttribute("aria-current");
  await expect(page.getByLabel("Buscar")).toHaveValue(SEARCH);

  await tabs.getByRole("link", { name: "Fotos" }).click();
  await expect(page).toHaveURL(`${LISTS}/photos?q=${encodeURIComponent(SEARCH)}`);
  await expect(page.getByRole("heading", { name: "Fotos", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Buscar")).toHaveValue(SEARCH);
});
