import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe("isDatabaseUnavailable", () => {
  it.each([
    [
      "a backend terminated by an administrator",
      withCode("terminating connection due to administrator command", "57P01"),
    ],
    ["a server starting up", withCode("the database system is starting up", "57P03")],
    ["a connection failure (class 08)", withCode("connection failure", "08006")],
    ["too many connections", withCode("sorry, too many clients already", "53300")],
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a connection cut under a query", new Error("Connection terminated unexpectedly")],
    ["a client left broken by a cut", new Error("Client has encountered a connection error and is not queryable")],
    ["a pool that cannot connect in time", new Error("timeout exceeded when trying to connect")],
    ["SQLite locked past the busy timeout", withCode("database is locked", "SQLITE_BUSY")],
    ["SQLite's disk I/O error", withCode("disk I/O error", "SQLITE_IOERR_WRITE")],
    ["SQLite's full disk", withCode("database or disk is full", "SQLITE_FULL")],
  ])("is true for %s", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("duplicate key value violates unique constraint", "23505")],
    ["a foreign-key violation", withCode("insert or update violates foreign key constraint", "23503")],
    ["a syntax error", withCode('syntax error at or near "selct"', "42601")],
    ["SQLite's constraint error", withCode("UNIQUE constraint failed: users.email", "SQLITE_CONSTRAINT_UNIQUE")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["something that is not an Error", { code: "57P01" }],
  ])("is false for %s", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
