import { REQUEST_STATUSES } from "@portal/shared/request-status";
import { describe, expect, it } from "vitest";
import { DEMO_YEAR_STATUSES } from "./demo-year.ts";

describe("demo year", () => {
  it("holds about 30 requests covering every request status", () => {
    expect(DEMO_YEAR_STATUSES).toHaveLength(30);
    expect(new Set(DEMO_YEAR_STATUSES)).toEqual(new Set(REQUEST_STATUSES));
  });
});
