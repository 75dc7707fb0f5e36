import { describe, expect, it } from "vitest";
import { REQUEST_STATUSES, type RequestStatus } from "./request-status.ts";
import { ROLES, type Role } from "./roles.ts";
import { allowedActions, BULK_ACTIONS, transition, WORKFLOW_ACTIONS, type WorkflowAction } from "./workflow.ts";

const _ = null;

/**
 * The "Workflow" section written out by hand, for Secretaria: the status each action
 * leads to from each status, or _ (refused). Columns in WORKFLOW_ACTIONS order.
 */
const COLUMNS = [
  "accept",
  "refuse",
  "discontinue",
  "cancel",
  "requestCorrection",
  "validate",
  "confirm",
  "finish",
  "restore",
] as const satisfies readonly WorkflowAction[];

type Row = readonly (RequestStatus | null)[];
// biome-ignore format: the matrix is aligned by hand, one row per status.
const SECRETARIA: Record<RequestStatus, Row> = {
  //            accept      refuse     discontinue     cancel       requestCorrection validate     confirm      finish      restore
  InProcess:    [_,          _,         _,              _,           _,                _,           _,           _,          _],
  Untreated:    ["Accepted", "Refused", "Discontinued", "Cancelled", "InProcess",      _,           _,           _,          _],
  Accepted:     [_,          "Refused", "Discontinued", "Cancelled", "InProcess",      "Validated", _,           _,          _],
  Validated:    [_,          _,         "Discontinued", "Cancelled", "InProcess",      _,           "Confirmed", _,          _],
  Confirmed:    [_,          _,         "Discontinued", "Cancelled", _,                _,           _,           "Finished", _],
  Finished:     [_,          _,         _,              _,           _,                _,           _,           _,          _],
  Refused:      [_,          _,         _,              _,           _,                _,           _,           _,          "Restored"],
  Discontinued: [_,          _,         _,              _,           _,                _,           _,           _,          "Restored"],
  Cancelled:    [_,          _,         _,              _,           _,                _,           _,           _,          "Restored"],
  Restored:     ["Accepted", "Refused", "Discontinued", "Cancelled", "InProcess",      _,           _,           _,          _],
};

/** Admin: the same, plus cancelling a finished request. */
const ADMIN: Record<RequestStatus, Row> = {
  ...SECRETARIA,
  Finished: [_, _, _, "Cancelled", _, _, _, _, _],
};

/** Consulta reads only; Editor has no access to inscriptions; families never change statuses. */
const NOBODY = Object.fromEntries(
  REQUEST_STATUSES.map((status): [RequestStatus, Row] => [status, COLUMNS.map(() => null)]),
) as Record<RequestStatus, Row>;

const EXPECTED: Record<Role, Record<RequestStatus, Row>> = {
  Admin: ADMIN,
  Secretaria: SECRETARIA,
  Consulta: NOBODY,
  Editor: NOBODY,
  User: NOBODY,
  Prueba: NOBODY,
};

describe("the workflow table", () => {
  it("has the columns of the matrix written here", () => {
    expect([...WORKFLOW_ACTIONS]).toEqual([...COLUMNS]);
    expect(Object.keys(SECRETARIA).sort()).toEqual([...REQUEST_STATUSES].sort());
  });

  for (const role of ROLES) {
    it(`gives ${role} exactly the expected transition for every status × action`, () => {
      for (const status of REQUEST_STATUSES) {
        for (const [index, action] of COLUMNS.entries()) {
          const expected = EXPECTED[role][status][index];
          expect(transition(status, action, role), `${role}: ${status} --${action}-->`).toBe(expected);
        }
      }
    });

    it(`offers ${role} exactly the allowed actions, in the table's order`, () => {
      for (const status of REQUEST_STATUSES) {
        const expected = COLUMNS.filter((_action, index) => EXPECTED[role][status][index] !== null);
        expect(allowedActions(status, role), `${role}: ${status}`).toEqual(expected);
      }
    });
  }

  it("allows nothing from an unknown status, or a name of Object.prototype", () => {
    for (const status of ["", "untreated", "Rejected", "toString", "__proto__", "constructor"]) {
      expect(allowedActions(status, "Admin")).toEqual([]);
    }
  });

  it("keeps Finished final except for an Admin's cancel, and InProcess closed to staff", () => {
    expect(allowedActions("Finished", "Secretaria")).toEqual([]);
    expect(allowedActions("Finished", "Admin")).toEqual(["cancel"]);
    expect(allowedActions("InProcess", "Admin")).toEqual([]);
  });

  it("bulk offers every action except requestCorrection", () => {
    expect([...BULK_ACTIONS]).toEqual(WORKFLOW_ACTIONS.filter((action) => action !== "requestCorrection"));
  });
});
