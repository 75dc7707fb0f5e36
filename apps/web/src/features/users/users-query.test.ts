import { describe, expect, it } from "vitest";
import { DEFAULT_USERS_STATE, parseUsersState, sortUsersBy, writeUsersState } from "./users-query.ts";

describe("accounts list URL state", () => {
  it("round-trips through the query string, leaving defaults out", () => {
    const state = {
      ...DEFAULT_USERS_STATE,
      q: "pérez",
      role: "Secretaria" as const,
      state: "inactive" as const,
      page: 3,
    };
    const params = writeUsersState(state);
    expect(params.toString()).toBe("q=p%C3%A9rez&role=Secretaria&state=inactive&page=3");
    expect(parseUsersState(params)).toEqual(state);
    expect(writeUsersState(DEFAULT_USERS_STATE).toString()).toBe("");
  });

  it("falls back to defaults for anything unreadable", () => {
    const parsed = parseUsersState(new URLSearchParams("role=Boss&state=x&sort=phone&order=up&page=-2&pageSize=7"));
    expect(parsed).toEqual(DEFAULT_USERS_STATE);
  });

  it("flips the order of the sorted column and starts another at its default", () => {
    const byName = sortUsersBy({ ...DEFAULT_USERS_STATE, page: 4 }, "name");
    expect(byName).toMatchObject({ sort: "name", order: "desc", page: 1 });
    expect(sortUsersBy(byName, "lastLogin")).toMatchObject({ sort: "lastLogin", order: null });
    expect(sortUsersBy(sortUsersBy(byName, "lastLogin"), "lastLogin")).toMatchObject({ order: "asc" });
  });
});
