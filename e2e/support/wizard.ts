import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { everyStepBody, minimalPdf } from "../../apps/server/test/support/documents.ts";
import { sameOrigin } from "./session.ts";

/**
 * Shortcuts for end-to-end specs that test one wizard step: the earlier steps are saved through
 * the real API with the signed-in page's cookie (the browser would send the same requests), so a
 * spec starts where its step begins. The full walk spec fills every step through the screens.
 */

/** A JPEG like a phone photo, made on the spot. */
export async function jpegPhoto(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

async function upload(page: Page, fileId: number, kind: string, buffer: Buffer, name: string, mimeType: string) {
  const response = await page.request.post(`/api/enrollment/files/${fileId}/uploads?kind=${kind}`, {
    headers: sameOrigin(),
    multipart: { file: { name, mimeType, buffer } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Starts a first enrollment ("+") for the signed-in family; answers the new file's id. */
export async function startNewFile(page: Page): Promise<number> {
  const response = await page.request.post("/api/enrollment/files", { headers: sameOrigin(), data: {} });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/**
 * Saves every data step before `step` (all of them when `step` is omitted) with valid data for a
 * 2015-born student in CM2. Step names as in packages/shared/src/enrollment-steps.ts.
 */
export async function saveStepsBefore(page: Page, fileId: number, step?: string): Promise<void> {
  const file = await page.request.get(`/api/enrollment/files/${fileId}`);
  const { schoolYearId } = (await file.json()) as { schoolYearId: number };
  const bodies = await everyStepBody({
    schoolYearId,
    pdf: (kind) => upload(page, fileId, kind, minimalPdf(), `${kind}.pdf`, "application/pdf"),
    photo: async (kind) => upload(page, fileId, kind, await jpegPhoto(), `${kind}.jpg`, "image/jpeg"),
  });
  for (const [name, body] of bodies) {
    if (name === step) return;
    const saved = await page.request.put(`/api/enrollment/files/${fileId}/steps/${name}`, {
      headers: sameOrigin(),
      data: body as object,
    });
    expect(saved.status(), `${name}: ${await saved.text()}`).toBe(200);
  }
}

/** Letters only, unique to this run: names no other run shares, so a search finds this run's students only. */
export function runTag(prefix: string): string {
  return `${prefix}${String(Date.now())
    .split("")
    .map((digit) => "abcdefghij"[Number(digit)])
    .join("")}`;
}

/**
 * The signed-in family fills a new file with valid data, changes what `changes` says in the named
 * steps (a student's or a representative's name), and sends it. Answers the file's id.
 */
export async function sendNewFile(page: Page, changes: Record<string, Record<string, unknown>>): Promise<number> {
  const fileId = await fillNewFile(page, changes);
  const sent = await page.request.post(`/api/enrollment/files/${fileId}/send`, { headers: sameOrigin() });
  expect(sent.status(), await sent.text()).toBe(200);
  return fileId;
}

/** As sendNewFile, without sending: every data step saved, the file waits at its summary. */
export async function fillNewFile(page: Page, changes: Record<string, Record<string, unknown>>): Promise<number> {
  const fileId = await startNewFile(page);
  await saveStepsBefore(page, fileId);
  for (const [step, values] of Object.entries(changes)) {
    const saved = await page.request.get(`/api/enrollment/files/${fileId}/steps/${step}`);
    const { data } = (await saved.json()) as { data: Record<string, unknown> };
    const response = await page.request.put(`/api/enrollment/files/${fileId}/steps/${step}`, {
      headers: sameOrigin(),
      data: { ...data, ...values },
    });
    expect(response.status(), `${step}: ${await response.text()}`).toBe(200);
  }
  return fileId;
}

/**
 * Makes `fileId` the wizard's current file the way the welcome card does (the persisted slice
 * holds only ids and flags), then opens `path` under /portal/inscripciones/. The welcome screen is
 * opened and left to write its own state first: were it still starting, its first write would
 * replace the file chosen here.
 */
export async function openWizardStep(page: Page, fileId: number, path: string): Promise<void> {
  await page.goto("/portal/inscripciones/bienvenido");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, INSCRIPTION_KEY);
  await page.evaluate(
    ({ key, id }) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? "{}") as { state?: object; version?: number };
      localStorage.setItem(key, JSON.stringify({ ...stored, state: { ...stored.state, currentInscription: id } }));
    },
    { key: INSCRIPTION_KEY, id: fileId },
  );
  await page.goto(`/portal/inscripciones/${path}`);
}

const INSCRIPTION_KEY = "persist:inscription";
