import { describe, expect, it } from "vitest";
import { audienceFromParams, campaignComposePath, reportComposePath, requestsComposePath } from "./audience-link.ts";

describe("the compose screen's address", () => {
  it("carries a request list's filters, not its page, order or size", () => {
    const path = requestsComposePath(
      new URLSearchParams("status=Untreated&level=CP&q=perez&sort=createdAt&order=desc&page=3&pageSize=50"),
    );
    expect(path).toBe("/portal/family-messages/compose?source=requests&q=perez&status=Untreated&level=CP");
    expect(audienceFromParams(new URL(path, "http://x").searchParams)).toEqual({
      source: "requests",
      filters: { q: "perez", status: "Untreated", level: "CP" },
    });
  });

  it("carries a report's filters and which report", () => {
    const path = reportComposePath("representatives", new URLSearchParams("level=GS&testData=include"));
    expect(audienceFromParams(new URL(path, "http://x").searchParams)).toEqual({
      source: "report",
      report: "representatives",
      filters: { testData: "include", level: "GS" },
    });
  });

  it("carries a campaign's figure, of one level or all", () => {
    const path = campaignComposePath(7, "notAnswered", "CM1");
    expect(path).toBe("/portal/family-messages/compose?source=campaign&campaignId=7&figure=notAnswered&level=CM1");
    expect(audienceFromParams(new URL(path, "http://x").searchParams)).toEqual({
      source: "campaign",
      filters: { campaignId: "7", figure: "notAnswered", level: "CM1" },
    });
    expect(audienceFromParams(new URL(campaignComposePath(7, "leaving", null), "http://x").searchParams)).toEqual({
      source: "campaign",
      filters: { campaignId: "7", figure: "leaving" },
    });
  });

  it("names no audience for an unknown source, report or filter value", () => {
    for (const query of [
      "source=nobody",
      "source=campaign",
      "source=campaign&campaignId=7&figure=everyone",
      "source=report&report=nobody",
      "source=requests&level=XX",
      "",
    ]) {
      expect(audienceFromParams(new URLSearchParams(query)), query).toBeNull();
    }
  });
});
