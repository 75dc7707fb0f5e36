import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { readZip } from "../../apps/server/test/support/zip.ts";
import { signIn } from "../support/session.ts";

// The login screen is English for this browser; the demo staff then work in Spanish.
test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

interface Summary {
  requests: number;
  included: number;
  leftOut: Record<string, number>;
}

test("a secretary opens the photo export with a level filter, sees the counts and downloads the ZIP", async ({
  page,
}) => {
  await signIn(page, "secretaria@demo.local");
  await expect(page).toHaveURL(/\/portal\/dashboard$/);

  // The demo's level with the most requests: the export has photos to hold.
  const list = await page.request.get("/api/requests?pageSize=100");
  const levels = ((await list.json()) as { items: { levelCode: string | null }[] }).items.map((item) => item.levelCode);
  const level = [...new Set(levels)]
    .filter((code): code is string => code !== null)
    .sort((a, b) => levels.filter((l) => l === b).length - levels.filter((l) => l === a).length)[0]!;
  const expected = (await (
    await page.request.get(`/api/reports/photos/summary?photos=students&level=${level}`)
  ).json()) as Summary;
  expect(expected.included).toBeGreaterThan(0);
  const leftOut = Object.values(expected.leftOut).reduce((sum, n) => sum + n, 0);

  await page.goto(`/portal/reports/photo-export?level=${level}`);
  await expect(page.getByRole("heading", { name: "Exportación de fotos", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Nivel")).toHaveValue(level);
  await expect(page.getByLabel("Fotos", { exact: true })).toHaveValue("students");
  await expect(page.getByTestId("summary-requests")).toHaveText(
    `Solicitudes que corresponden a los filtros: ${expected.requests}`,
  );
  await expect(page.getByTestId("summary-included")).toHaveText(
    `Fotos que se incluirán en el ZIP: ${expected.included}`,
  );
  await expect(page.getByTestId("summary-left-out")).toHaveText(`Fotos que no se incluirán: ${leftOut}`);

  // The ZIP's answer waits until the page has shown the spec's waiting message and its progress.
  let release: () => void = () => {};
  const waitingSeen = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === "/api/reports/photos",
    async (route) => {
      await waitingSeen;
      await route.fulfill({ response: await route.fetch() });
    },
  );
  const downloaded = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar el ZIP" }).click();
  await expect(page.getByText("Por favor espere mientras se genera el reporte")).toBeVisible();
  // At 0 % its bar has no width: it is there, named, before the first byte.
  await expect(page.getByRole("progressbar", { name: "Progreso de la descarga" })).toBeAttached();
  await expect(page.getByRole("button", { name: "Cancelar la descarga" })).toBeVisible();
  release();

  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^fotos-alumnos-${level}-\\d{4}-\\d\\d-\\d\\d\\.zip$`));
  await expect(page.getByTestId("photo-export-status")).toContainText(
    `Descarga lista: ${download.suggestedFilename()}`,
  );

  const entries = await readZip(readFileSync(await download.path()));
  const photos = [...entries.keys()].filter((name) => name.endsWith(".jpg"));
  expect(photos).toHaveLength(expected.included);
  for (const name of photos) {
    expect(name).toMatch(new RegExp(`^${level}/.+ - [^/]+\\.jpg$`));
    // A real JPEG: the SOI marker.
    expect([...entries.get(name)!.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  }
  const readme = entries.get("README.txt")!.toString("utf8");
  expect(readme).toContain(`Fotos incluidas: ${expected.included}`);
  expect(readme).toContain(`Fotos no incluidas: ${leftOut}`);
  expect(entries.has("leftout.csv")).toBe(leftOut > 0);
  expect(entries.size).toBe(expected.included + 1 + (leftOut > 0 ? 1 : 0));
});
