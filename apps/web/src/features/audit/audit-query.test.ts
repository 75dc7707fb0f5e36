import { describe, expect, it } from "vitest";
import { DEFAULT_AUDIT_LOG_STATE, exportQuery, parseAuditLogState, writeAuditLogState } from "./audit-query.ts";

describe("the audit log's URL state", () => {
  it("round-trips every filter and writes only what differs from the defaults", () => {
    const query =
      "actor=ana&subject=luis&event=login.success&requestId=REQ-1&from=2026-01-01&to=2026-01-31&page=2&pageSize=50";
    const state = parseAuditLogState(new URLSearchParams(query));
    expect(state).toEqual({
      actor: "ana",
      subject: "luis",
      event: "login.success",
      requestId: "REQ-1",
      from: "2026-01-01",
      to: "2026-01-31",
      page: 2,
      pageSize: 50,
    });
    expect(writeAuditLogState(state).toString()).toBe(query);
    expect(writeAuditLogState(DEFAULT_AUDIT_LOG_STATE).toString()).toBe("");
  });

  it("falls back to the defaults for an unknown event, page or page size", () => {
    const state = parseAuditLogState(new URLSearchParams("event=nope&page=-3&pageSize=7"));
    expect(state).toEqual(DEFAULT_AUDIT_LOG_STATE);
  });

  it("exports the filters without the page", () => {
    const state = parseAuditLogState(new URLSearchParams("event=logout&page=4&pageSize=100"));
    expect(exportQuery(state).toString()).toBe("event=logout");
  });
});
