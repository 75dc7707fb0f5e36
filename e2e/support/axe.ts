import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

/** axe-core on one screen (WCAG 2.2 AA): any serious or critical violation fails. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core's script, put in the page once and kept there while the app changes screens. Not
 * @axe-core/playwright: its analyze() injected the script again and opened a blank page of its own
 * for every scan, 3 to 5 times the scan itself (0.9 s and 4.3 s a scan on two staff screens against
 * 0.17 s and 1.5 s, the same rules); the app has no frames for it to reach into.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Violation = { id: string; impact: string | null; nodes: string[] };

export async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  // axe reads colours as drawn: wait for the fonts and for any finite animation still running, so a
  // half-faded element is never measured (the browser context also asks for reduced motion).
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const running = document.getAnimations().filter((animation) => {
      const iterations = animation.effect?.getComputedTiming().iterations;
      return iterations !== undefined && Number.isFinite(iterations);
    });
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
  });
  // A string is evaluated as a script by the browser's debugger protocol, which the page's CSP
  // does not govern (an inline <script> would be refused).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(`${AXE_SOURCE}\n;undefined`);
  const violations: Violation[] = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
      iframes: false,
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
    }));
  }, WCAG_TAGS);
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, impact: violation.impact, nodes: violation.nodes.slice(0, 5) }));
  expect(serious, `${screen}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
