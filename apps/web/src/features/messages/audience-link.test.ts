import { describe, expect, it } from "vitest";
import { audienceFromParams, reportComposePath, requestsComposePath } from "./audience-link.ts";

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

  it("names no audience for an unknown source, report or filter value", () => {
    for (const query of ["source=campaign", "source=report&report=nobody", "source=requests&level=XX", ""]) {
      expect(audienceFromParams(new URLSearchParams(query)), query).toBeNull();
    }
  });
});
