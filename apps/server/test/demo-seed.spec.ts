import { isWindowOpen, schoolDay, windowRangeProblem } from "@portal/shared/rules/school-year-windows";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ES_FEMALE, ES_MALE, RELATIONSHIP_GENDER } from "../src/demo/large-school.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { call, createTestApp, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * The demo school a newcomer sees on first start must not contradict itself: the current year's
 * enrollment windows are open and lie within that year, a request the school has finished has
 * every signed paper in, and a contact's relationship agrees with the person named (no "Abuela …"
 * listed as an uncle).
 */
let own: OwnDatabase;
let t: TestApp;

beforeAll(async () => {
  own = await createOwnDatabase("demo-seed");
  t = await createTestApp({ ...own.env, SEED_DEMO: "true" });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await own?.drop();
});

interface DocumentItem {
  code: string;
  overdue: boolean;
  checklist: { item: string; received: boolean }[];
}

describe("the demo school", () => {
  it("has its current year's two windows open today, inside the dates the Admin's screen accepts for that year", async () => {
    const years = await t.ctx.db.selectFrom("school_years").selectAll().orderBy("starts_on").execute();
    expect(years).toHaveLength(2);
    const [past, current] = years;
    expect(current?.is_current).toBe(1);
    expect(String(past?.ends_on) < String(current?.starts_on)).toBe(true);
    const today = schoolDay();
    expect(today <= String(current?.ends_on)).toBe(true);
    const span = { startsOn: String(current?.starts_on), endsOn: String(current?.ends_on) };
    for (const [opensOn, closesOn] of [
      [current?.new_opens_on, current?.new_closes_on],
      [current?.re_opens_on, current?.re_closes_on],
    ]) {
      const window = { opensOn: opensOn ?? null, closesOn: closesOn ?? null };
      expect(windowRangeProblem(window, span)).toBeNull();
      expect(isWindowOpen({ ...window, closedAt: null }, today, false)).toBe(true);
    }
    expect(current?.label).toBe(`${span.startsOn.slice(0, 4)}-${span.endsOn.slice(0, 4)}`);
  });

  it("shows every Finished request with all its papers received and nothing overdue, this year and last", async () => {
    const secretary = await signedInAs(t, "Secretaria");
    const years = await t.ctx.db.selectFrom("school_years").select("id").execute();
    let finished = 0;
    for (const year of years) {
      const response = await call(t, {
        method: "GET",
        url: `/api/documents?schoolYearId=${year.id}&status=Finished&testData=include&pageSize=100`,
        cookie: secretary.cookie,
      });
      expect(response.statusCode).toBe(200);
      const items = (response.json() as { items: DocumentItem[] }).items;
      for (const item of items) {
        expect(item.checklist.length, item.code).toBeGreaterThanOrEqual(2);
        expect(
          item.checklist.filter((entry) => !entry.received),
          item.code,
        ).toEqual([]);
        expect(item.overdue, item.code).toBe(false);
      }
      finished += items.length;
    }
    expect(finished).toBe(5);
  });

  it("names each emergency contact and authorised person as their relationship says (a grandmother is a woman)", async () => {
    const rows = await t.ctx.db
      .selectFrom("enrollment_steps")
      .select(["step", "data"])
      .where("step", "in", ["studentFile", "authorizedPersons"])
      .execute();
    const people: { name: string; relationship: string }[] = [];
    for (const row of rows) {
      const data = JSON.parse(row.data) as {
        emergencyContacts?: { name: string; relationship: string }[];
        persons?: { names: string; relationshipStudentCode: string }[];
      };
      for (const contact of data.emergencyContacts ?? []) people.push(contact);
      for (const person of data.persons ?? [])
        people.push({ name: person.names, relationship: person.relationshipStudentCode });
    }
    const gendered = people.filter((person) => RELATIONSHIP_GENDER[person.relationship]);
    expect(gendered.length).toBeGreaterThan(20);
    const female = new Set(ES_FEMALE);
    const male = new Set(ES_MALE);
    const wrong = gendered.filter((person) => {
      const given = person.name.split(" ");
      // A given name of one or two words ("María José"), then the surname for a contact.
      const isFemale = female.has(given[0] ?? "") || female.has(given.slice(0, 2).join(" "));
      const isMale = male.has(given[0] ?? "") || male.has(given.slice(0, 2).join(" "));
      return RELATIONSHIP_GENDER[person.relationship] === "F" ? !isFemale || isMale : !isMale || isFemale;
    });
    expect(wrong).toEqual([]);
  });
});
