import type { Role } from "@portal/shared/roles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportPageOf, reportYear, staffCookie, yearRequests } from "./support/reports.ts";
import { call, createTestApp, errorOf, type TestApp } from "./support/test-app.ts";

/** Reports: the three tables — filters, columns, sort, paging, bad input, access. */
let t: TestApp;
let yearId: number;
let secretaria: string;
let requests: Awaited<ReturnType<typeof yearRequests>>;

beforeAll(async () => {
  t = await createTestApp();
  yearId = await reportYear(t, 36, 11);
  secretaria = await staffCookie(t, "Secretaria", yearId);
  requests = await yearRequests(t, yearId);
}, 60_000);

afterAll(() => t.close());

describe("the students report", () => {
  it("answers the year's requests with the default columns and every column for the chooser", async () => {
    const page = await reportPageOf(t, secretaria, "students");
    expect(page.total).toBe(requests.length);
    expect(page.rows).toHaveLength(Math.min(25, requests.length));
    expect(page.selected).toEqual(["code", "studentName", "level", "status", "birthDate", "documentNumber"]);
    expect(page.columns.find((c) => c.id === "birthDate")).toMatchObject({
      label: "Fecha de nacimiento",
      type: "date",
      sortable: false,
    });
    expect(page.columns.find((c) => c.id === "code")).toMatchObject({ label: "Código", sortable: true });
    expect(page.columns.map((c) => c.id)).not.toContain("bloodType");
  });

  it("filters to one level and shows only the chosen columns, in the order asked", async () => {
    const level = requests[0]!.level_code!;
    const expected = requests.filter((r) => r.level_code === level).map((r) => r.code);
    const page = await reportPageOf(t, secretaria, "students", `level=${level}&columns=level,code&pageSize=100`);
    expect(page.total).toBe(expected.length);
    expect(page.selected).toEqual(["level", "code"]);
    expect(page.rows.map((row) => row[1])).toEqual([...expected].sort());
    expect(new Set(page.rows.map((row) => row[0])).size).toBe(1);
    expect(page.rows[0]![0]).not.toBe(level); // the catalogue's label, not the code
  });

  it("sorts on the server and pages without repeating or skipping a row", async () => {
    const codes = requests.map((r) => r.code).sort((a, b) => (a < b ? 1 : -1));
    const first = await reportPageOf(t, secretaria, "students", "columns=code&sort=code&order=desc&pageSize=10");
    const second = await reportPageOf(
      t,
      secretaria,
      "students",
      "columns=code&sort=code&order=desc&pageSize=10&page=2",
    );
    expect([...first.rows, ...second.rows].map((row) => row[0])).toEqual(codes.slice(0, 20));
  });

  it("filters by kind: new and re-enrollment add up to the whole year", async () => {
    const fresh = await reportPageOf(t, secretaria, "students", "kind=new");
    const again = await reportPageOf(t, secretaria, "students", "kind=reenrollment");
    expect(fresh.total).toBe(requests.filter((r) => r.is_new_student === 1).length);
    expect(fresh.total + again.total).toBe(requests.length);
  });
});

describe("the representatives and authorized persons reports", () => {
  it("has one row per representative (1 and 2)", async () => {
    const rows = await t.ctx.db
      .selectFrom("requests")
      .select(["first_representative_name", "second_representative_name"])
      .where("school_year_id", "=", yearId)
      .where("is_test_data", "=", 0)
      .execute();
    const expected = rows.reduce(
      (n, r) => n + (r.first_representative_name ? 1 : 0) + (r.second_representative_name ? 1 : 0),
      0,
    );
    const page = await reportPageOf(
      t,
      secretaria,
      "representatives",
      "columns=representativeType,code&pageSize=100&sort=code",
    );
    expect(page.total).toBe(expected);
    expect(page.rows).toHaveLength(expected);
    expect(new Set(page.rows.map((row) => row[0]))).toEqual(new Set([1, 2]));
  });

  it("has one row per authorized person, paged in the requests' order", async () => {
    const steps = await t.ctx.db
      .selectFrom("enrollment_steps")
      .select("data")
      .where("step", "=", "authorizedPersons")
      .where(
        "file_id",
        "in",
        requests.map((r) => r.file_id),
      )
      .execute();
    const expected = steps.reduce((n, s) => n + (JSON.parse(s.data).persons?.length ?? 0), 0);
    const all = await reportPageOf(t, secretaria, "authorizedPersons", "columns=code,personName&pageSize=100");
    expect(all.total).toBe(expected);
    expect(all.rows).toHaveLength(expected);
    const p1 = await reportPageOf(t, secretaria, "authorizedPersons", "columns=code,personName&pageSize=10");
    const p2 = await reportPageOf(t, secretaria, "authorizedPersons", "columns=code,personName&pageSize=10&page=2");
    expect([...p1.rows, ...p2.rows]).toEqual(all.rows.slice(0, 20));
    expect(all.rows.every((row) => typeof row[1] === "string" && row[1] !== "")).toBe(true);
  });
});

describe("bad input", () => {
  const bad = async (report: string, query: string) => {
    const response = await call(t, { method: "GET", url: `/api/reports/${report}?${query}`, cookie: secretaria });
    expect(response.statusCode).toBe(400);
    return errorOf(response);
  };

  it("names an unknown column, an unknown filter and a sort on a step field", async () => {
    expect((await bad("students", "columns=code,nope")).fields).toHaveProperty("columns");
    expect((await bad("students", "columns=")).fields).toHaveProperty("columns");
    expect((await bad("authorizedPersons", "columns=email")).fields).toHaveProperty("columns");
    expect((await bad("students", "colour=red")).fields).toHaveProperty("colour");
    expect((await bad("students", "sort=birthDate")).fields).toHaveProperty("sort");
    expect((await bad("students", "level=XX")).fields).toHaveProperty("level");
    expect((await bad("students/export", "format=pdf")).fields).toHaveProperty("format");
    expect((await bad("committee-contacts/export", "format=xlsx&columns=code")).fields).toHaveProperty("columns");
  });
});

describe("access", () => {
  it.each<[Role, number]>([
    ["Admin", 200],
    ["Secretaria", 200],
    ["Editor", 200],
    ["Consulta", 200],
    ["User", 403],
  ])("%s → %i", async (role, status) => {
    const cookie = await staffCookie(t, role, yearId);
    for (const url of ["/api/reports/students", "/api/reports/authorizedPersons/export?format=csv"]) {
      const response = await call(t, { method: "GET", url, cookie });
      expect(response.statusCode).toBe(status);
    }
  });

  it("refuses a visitor", async () => {
    const response = await call(t, { method: "GET", url: "/api/reports/representatives" });
    expect(response.statusCode).toBe(401);
  });
});
