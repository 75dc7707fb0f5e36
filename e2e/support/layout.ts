import { expect, type Locator } from "@playwright/test";

/**
 * Fails when `cover`'s box shares any area with `covered`'s on the screen: a toast over the message
 * it is about, or over a drawer's links.
 */
export async function expectNotOver(cover: Locator, covered: Locator): Promise<void> {
  const a = await cover.boundingBox();
  const b = await covered.boundingBox();
  if (!a || !b) throw new Error("not laid out");
  const shared = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(shared, `${JSON.stringify(a)} over ${JSON.stringify(b)}`).toBe(false);
}
