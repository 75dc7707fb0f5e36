import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { readZip } from "../apps/server/test/support/zip.ts";
import { expectNotOver } from "./support/layout.ts";
import { signIn } from "./support/session.ts";

test.use({ locale: "en-US" });

const PAGE = "/portal/documents/default";

test("Secretaria records the signed papers of a request, finds the overdue ones and downloads the ZIP", async ({
  page,
}) => {
  // A secretary's desktop: the menu in the sidebar, the request's documents in a drawer on the right.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\//);
  // The menu has Documents (spec 2's admin menu).
  await page.getByRole("link", { name: "Documentos", exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}`));
  await expect(page.getByRole("heading", { level: 1, name: "Documentos", exact: true })).toBeVisible();

  // The demo's files were sent days ago: everything still missing is overdue.
  await page.getByLabel("Documentos firmados").selectOption("overdue");
  await expect(page).toHaveURL(/handIn=overdue/);
  const table = page.getByRole("table", { name: "Documentos", exact: true });
  const firstRow = table.getByRole("row").nth(1);
  await expect(firstRow.getByText("Vencido")).toBeVisible();
  const openButton = firstRow.getByRole("button", { name: /^Documentos de / });
  const code = (await openButton.textContent())?.trim() ?? "";
  expect(code).not.toBe("");

  // Its documents: the PDFs' links and the checklist; every paper received today.
  await openButton.click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("link", { name: "Documentos para firmar" })).toBeVisible();
  const items = drawer.getByRole("checkbox");
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  for (let i = 0; i < count; i++) {
    const row = drawer.getByTestId(/^hand-in-/).nth(i);
    await row.getByRole("checkbox").check();
    await row.getByRole("button", { name: /^Guardar/ }).click();
    await expect(row.getByText(/^Registrado por /)).toBeVisible();
    if (i === 0) {
      // Its toast stays clear of the drawer and its links.
      const toast = page.getByRole("alert").filter({ hasText: "Guardado" }).first();
      await expect(toast).toBeVisible();
      await expectNotOver(toast, drawer);
    }
  }
  await expect(drawer.getByTestId("hand-in-contract").getByRole("checkbox")).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  // No longer overdue nor missing; listed among the complete ones.
  await expect(table.getByRole("button", { name: `Documentos de ${code}` })).toHaveCount(0);
  await page.getByLabel("Documentos firmados").selectOption("missing");
  await expect(page).toHaveURL(/handIn=missing/);
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expect(table.getByRole("button", { name: `Documentos de ${code}` })).toHaveCount(0);
  await page.getByLabel("Documentos firmados").selectOption("complete");
  await expect(table.getByRole("button", { name: `Documentos de ${code}` })).toBeVisible();

  // The ZIP of that list (the demo's finished requests, whose papers are all in, and this one):
  // a folder per listed request, and the README.
  const listed = (await table.getByRole("button", { name: /^Documentos de / }).allTextContents()).map((text) =>
    text.trim(),
  );
  expect(listed).toContain(code);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Descargar documentos (ZIP)" }).click(),
  ]);
  const file = await download.path();
  const names = [...(await readZip(fs.readFileSync(file))).keys()];
  expect(names).toContain("README.txt");
  const folders = new Set(names.filter((name) => name !== "README.txt").map((name) => name.split("/")[0]));
  expect([...folders].map((folder) => folder?.split(" ")[0]).sort()).toEqual([...listed].sort());
  expect(names.some((name) => name.startsWith(`${code} `) && name.endsWith(".pdf"))).toBe(true);
  expect(fs.statSync(file).size).toBeGreaterThan(0);
  await expect(page.getByText("El ZIP se ha descargado.")).toBeVisible();
});
