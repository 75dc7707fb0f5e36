import type { Page } from "@playwright/test";

/** The widths the users work at: a staff desktop and a family's phone. */
export const CLIPPING_VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

/**
 * Every badge, select and button of the page whose text does not fit its box, named by its text
 * (run in the page). A box cuts its text when the text is wider than the room inside it: for a
 * badge or a button (Mantine's label parts, or anything drawn with `text-overflow: ellipsis`) the
 * content scrolls past the box; for a select or a Mantine Select the chosen option's text, drawn
 * in the control's font, is wider than the control less its padding (and chevron).
 */
function findClipped(): string[] {
  const canvas = document.createElement("canvas").getContext("2d")!;
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.display !== "none";
  };
  const describe = (el: Element, text: string) =>
    `${el.tagName.toLowerCase()}.${Array.from(el.classList).find((c) => c.startsWith("mantine-")) ?? el.className} "${text.trim()}"`;
  const found: string[] = [];

  const boxes = new Set<Element>(
    Array.from(
      document.querySelectorAll(
        ".mantine-Badge-root, .mantine-Badge-label, .mantine-Button-label, .mantine-Button-inner, [data-testid='status-badge']",
      ),
    ),
  );
  for (const el of Array.from(document.querySelectorAll("body *"))) {
    if (getComputedStyle(el).textOverflow === "ellipsis") boxes.add(el);
  }
  for (const el of boxes) {
    if (!(el instanceof HTMLElement) || !visible(el) || !el.textContent?.trim()) continue;
    if (el.scrollWidth > el.clientWidth + 1) found.push(describe(el, el.textContent));
    // A badge that may overflow (never cut) must still stay within its table cell.
    const cell = el.classList.contains("mantine-Badge-root") ? el.closest("td") : null;
    if (cell) {
      const box = el.getBoundingClientRect();
      const bounds = cell.getBoundingClientRect();
      if (box.left < bounds.left - 1 || box.right > bounds.right + 1)
        found.push(describe(el, `${el.textContent} (outside its cell)`));
    }
  }

  const controls = Array.from(
    document.querySelectorAll<HTMLSelectElement | HTMLInputElement>("select, input.mantine-Select-input"),
  );
  for (const control of controls) {
    // A select already as wide as a phone's screen cannot grow: a chosen option longer than the
    // screen (a long catalogue name) is the option's length, shown whole by the phone's picker.
    if (!visible(control) || control.getBoundingClientRect().width >= 0.8 * window.innerWidth) continue;
    const text = control instanceof HTMLSelectElement ? (control.selectedOptions[0]?.textContent ?? "") : control.value;
    if (!text.trim()) continue;
    const style = getComputedStyle(control);
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = control.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    if (canvas.measureText(text.trim()).width > room + 1) found.push(describe(control, text));
  }
  return found;
}

/** Each badge, select or button of the screen whose text is cut, as "<screen> at <width> px: <element>". */
export async function clippedNow(page: Page, what: string): Promise<string[]> {
  // Two frames: the layout of the current width (media queries, a re-render) is drawn.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.evaluate(() => document.fonts.ready);
  const width = page.viewportSize()?.width;
  return (await page.evaluate(findClipped)).map((element) => `${what} at ${width} px: ${element}`);
}

/**
 * The screen at each width of CLIPPING_VIEWPORTS (the same page, resized: no second visit), then
 * back to the width it had. A pass over many screens collects these and fails once, naming them all.
 */
export async function clippedAtEachWidth(page: Page, what: string): Promise<string[]> {
  const before = page.viewportSize();
  const found: string[] = [];
  for (const viewport of CLIPPING_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForFunction((width) => window.innerWidth === width, viewport.width);
    found.push(...(await clippedNow(page, what)));
  }
  if (before) await page.setViewportSize(before);
  return found;
}
