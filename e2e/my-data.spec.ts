import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { readZip } from "../apps/server/test/support/zip.ts";
import { registerAccount } from "./support/accounts.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { sendNewFile } from "./support/wizard.ts";

/*
 * "My data" (docs/data-protection.md): a family with a sent file prepares its archive from its
 * account area, watches it being prepared, downloads it, and the ZIP holds its data, the schema,
 * its PDFs and its uploads.
 */
test("a family prepares its My data archive, downloads it, and the ZIP holds its data, PDFs and uploads", async ({
  page,
}) => {
  const email = await registerAccount(page, "mis-datos", { path: null });
  await sendNewFile(page, {});

  // From the account area's menu.
  await page.goto("/portal/account/user");
  await page.getByRole("link", { name: "Mis datos", exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/account\/my-data$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mis datos" })).toBeVisible();

  await page.getByRole("button", { name: "Preparar mi archivo" }).click();
  const link = page.getByRole("link", { name: "Descargar mi archivo" });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Su archivo está listo/)).toBeVisible();
  await expectNoSeriousViolations(page, "my data, archive ready");

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = await download.path();
  const entries = await readZip(fs.readFileSync(file));
  const data = JSON.parse(entries.get("data.json")!.toString("utf8"));
  expect(data.family.accounts.map((account: { email: string }) => account.email)).toEqual([email]);
  expect(JSON.parse(entries.get("schema.json")!.toString("utf8")).$schema).toContain("2020-12");
  expect(entries.get("README.txt")!.toString("utf8")).toContain("Mis datos");
  const pdfs = [...entries.keys()].filter((name) => name.startsWith("documents/"));
  expect(pdfs).toHaveLength(2);
  for (const name of pdfs) expect(entries.get(name)!.subarray(0, 5).toString()).toBe("%PDF-");
  expect([...entries.keys()].filter((name) => name.startsWith("uploads/")).length).toBeGreaterThan(0);
  expect(data.consents.length).toBeGreaterThan(0);
});
