import { RESOURCES } from "@portal/i18n/resources";
import { LANGUAGE_CODES } from "@portal/shared/languages";
import { describe, expect, it } from "vitest";

/**
 * The dashboard shows three different things side by side: files never sent (drafts), every file
 * started (the funnel's first stage) and the requests back with the family for a correction (the
 * InProcess status). Each needs a name of its own in every language: one name must not be another
 * with a word added ("En proceso" / "En proceso (iniciadas)").
 */
describe("the dashboard's names for drafts, files started and requests in process", () => {
  for (const lang of LANGUAGE_CODES) {
    it(`are three distinct names, none inside another (${lang})`, () => {
      const dashboard = RESOURCES[lang].dashboard;
      const names = [
        dashboard.statuses.notSent,
        dashboard.funnel.inProcess,
        RESOURCES[lang].common.requestStatus.InProcess,
      ].map((name) => name.toLowerCase());
      for (const [i, name] of names.entries()) {
        for (const [j, other] of names.entries()) {
          if (i !== j) expect(other.includes(name), `"${other}" contains "${name}"`).toBe(false);
        }
      }
      // The status card says what "in process" means on the dashboard.
      expect(dashboard.statuses.inProcessHint).toBeTruthy();
    });
  }
});
