import { describe, expect, it } from "vitest";
import { exportParams, parseReportState, writeReportState } from "./report-query.ts";

describe("report URL state", () => {
  it("reads defaults from an empty URL", () => {
    const state = parseReportState("students", new URLSearchParams());
    expect(state).toMatchObject({
      sort: "code",
      order: "asc",
      page: 1,
      pageSize: 25,
      testData: "exclude",
      level: null,
    });
    expect(state.columns).toContain("code");
  });

  it("drops unknown columns, sorts and values, and writes back what it kept", () => {
    const state = parseReportState(
      "authorizedPersons",
      new URLSearchParams("columns=code,email,personName&sort=birthDate&level=XX&status=Accepted,Nope&page=2"),
    );
    expect(state.columns).toEqual(["code", "personName"]);
    expect(state.sort).toBe("code");
    expect(state.level).toBeNull();
    expect(state.statuses).toEqual(["Accepted"]);
    expect(writeReportState(state).toString()).toBe(
      "status=Accepted&columns=code%2CpersonName&sort=code&order=asc&page=2",
    );
    expect(exportParams(state).get("page")).toBeNull();
  });
});
