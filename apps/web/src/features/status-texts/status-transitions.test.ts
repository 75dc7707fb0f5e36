import { REQUEST_STATUSES } from "@portal/shared/request-status";
import { transition, WORKFLOW_ACTIONS } from "@portal/shared/workflow";
import { describe, expect, it } from "vitest";
import { transitionsFrom } from "./status-transitions.ts";

describe("transitionsFrom", () => {
  it("lists what the workflow table allows from a status, in the table's order", () => {
    expect(transitionsFrom("Accepted").map(({ action, to }) => [action, to])).toEqual([
      ["refuse", "Refused"],
      ["discontinue", "Discontinued"],
      ["cancel", "Cancelled"],
      ["requestCorrection", "InProcess"],
      ["validate", "Validated"],
    ]);
  });

  it("names who may take each step: only the Admin cancels a finished request", () => {
    expect(transitionsFrom("Finished")).toEqual([{ action: "cancel", to: "Cancelled", roles: ["Admin"] }]);
    expect(transitionsFrom("Cancelled")).toEqual([
      { action: "restore", to: "Restored", roles: ["Admin", "Secretaria"] },
    ]);
  });

  it("agrees with transition() for every status, action and role (no second copy of the rules)", () => {
    for (const status of REQUEST_STATUSES) {
      const listed = transitionsFrom(status);
      for (const action of WORKFLOW_ACTIONS) {
        const entry = listed.find((candidate) => candidate.action === action);
        for (const role of ["Admin", "Secretaria", "Consulta", "Editor", "User", "Prueba"] as const) {
          const allowed = entry?.roles.includes(role) ? entry.to : null;
          expect(allowed, `${status} ${action} ${role}`).toBe(transition(status, action, role));
        }
      }
    }
  });

  it("has no staff action out of InProcess: the family sends the file", () => {
    expect(transitionsFrom("InProcess")).toEqual([]);
  });
});
