import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Keyboard-only moves for e2e/wizard-keyboard.spec.ts: every control is reached with Tab from where
 * the focus is, as a person without a mouse would, and worked with the keys it answers to. A
 * control Tab never reaches fails the spec with its name: that is what the walk is for.
 */
const MAX_TABS = 120;

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);
const holdsFocus = (target: Locator) => target.evaluate((element) => element.contains(document.activeElement));

/** Presses Tab until `target` (or, with `within`, something inside it) has the focus. */
export async function tabTo(page: Page, target: Locator, { within = false } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await (within ? holdsFocus(target) : isFocused(target))) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Tabs to a text field and types `text` over what it holds. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Tabs to a closed native select and chooses `value` by typing its label (else with the arrows). */
export async function chooseOption(page: Page, select: Locator, value: string): Promise<void> {
  await tabTo(page, select);
  // Typing the option's first letters selects it, as in any select; the arrows are the fallback.
  const text = (await select.locator(`option[value="${value}"]`).textContent())?.trim() ?? "";
  await page.keyboard.type(text.slice(0, 12));
  if ((await select.inputValue()) !== value) {
    const count = await select.locator("option").count();
    await page.keyboard.press("Home");
    for (let step = 0; step < count && (await select.inputValue()) !== value; step++) {
      await page.keyboard.press("ArrowDown");
    }
  }
  await expect(select).toHaveValue(value);
}

/** Tabs into a radio group and moves with the arrows (which check) until `choice` is checked. */
export async function chooseRadio(page: Page, group: Locator, choice: string): Promise<void> {
  await tabTo(page, group, { within: true });
  const radio = group.getByRole("radio", { name: choice, exact: true });
  // Tab lands on the checked radio, or on the first one when none is: Space checks that one.
  if ((await group.getByRole("radio", { checked: true }).count()) === 0) await page.keyboard.press("Space");
  const count = await group.getByRole("radio").count();
  for (let step = 0; step < count && !(await radio.isChecked()); step++) await page.keyboard.press("ArrowDown");
  await expect(radio).toBeChecked();
  await expect(radio).toBeFocused();
}

/** Tabs to a checkbox and ticks it with Space. */
export async function tick(page: Page, checkbox: Locator): Promise<void> {
  await tabTo(page, checkbox);
  await page.keyboard.press("Space");
  await expect(checkbox).toBeChecked();
}

/** Tabs to a button and presses Enter. */
export async function press(page: Page, button: Locator): Promise<void> {
  await tabTo(page, button);
  await page.keyboard.press("Enter");
}

const intercepting = new WeakSet<Page>();

/**
 * Keeps the browser intercepting file choosers for `page`. Playwright turns the interception on
 * when a first "filechooser" listener is added and off when the last one goes, each time by a
 * message of its own to the browser: with only `waitForEvent` listening, a key press could reach
 * the page before the interception was on, and the chooser it opened was never reported
 * (puppeteer/puppeteer#6040 describes the same race). A listener kept for the page's life leaves it
 * on; call this as the page opens, long before the first upload.
 */
export function interceptFileChoosers(page: Page): void {
  if (intercepting.has(page)) return;
  intercepting.add(page);
  page.on("filechooser", () => {});
}

/**
 * Tabs to a file field's button and opens it with Enter. The operating system's file chooser that
 * opens then cannot be driven by keys in a test, so Playwright hands it the file (`setFiles` on the
 * chooser the key opened): the only step of the walk that is not a key press.
 */
export async function uploadWithKeyboard(
  page: Page,
  button: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  interceptFileChoosers(page);
  await tabTo(page, button);
  // The chooser opens on the key press itself, nothing to download first: bounded like an
  // assertion (20 s), a key that opens nothing fails here rather than at the walk's 9-minute limit
  // (it did once, on a loaded CI machine, leaving one worker waiting 6 minutes).
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser", { timeout: 20_000 }),
    page.keyboard.press("Enter"),
  ]);
  await chooser.setFiles(file);
}
