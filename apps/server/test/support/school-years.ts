import { call, TEST_PASSWORD, type TestApp } from "./test-app.ts";

// Settings › School year: what school-years-crud and school-year-windows specs share.

export const BASE = "/api/settings/school-years";

export type Detail = {
  id: number;
  label: string;
  startsOn: string;
  endsOn: string;
  isCurrent: boolean;
  version: number;
  newEnrollment: { opensOn: string | null; closesOn: string | null; closedAt: string | null; open: boolean };
  reEnrollment: { opensOn: string | null; closesOn: string | null; closedAt: string | null; open: boolean };
  fileCount: number;
  levelsOffered: string[];
};

/**
 * Calls on Settings › School year as the signed-in Admin. `app` is read at each call, so a spec
 * may bind these at load time and open its app in `beforeAll`.
 */
export function schoolYearsApi(app: () => { t: TestApp; cookie: string }) {
  const create = (payload: Record<string, unknown>, cookie = app().cookie) =>
    call(app().t, { method: "POST", url: BASE, cookie, payload });
  const list = async (): Promise<Detail[]> =>
    (await call(app().t, { method: "GET", url: BASE, cookie: app().cookie })).json().items;
  const detail = async (id: number): Promise<Detail> => (await list()).find((year) => year.id === id)!;
  /** Saves the levels a year offers, its dates as they are; `version` is the one the form was read at. */
  const setLevels = (year: Detail, levelsOffered: string[], version = year.version) =>
    call(app().t, {
      method: "PUT",
      url: `${BASE}/${year.id}`,
      cookie: app().cookie,
      payload: { version, startsOn: year.startsOn, endsOn: year.endsOn, levelsOffered },
    });
  const setWindow = (id: number, kind: string, payload: Record<string, unknown>) =>
    call(app().t, { method: "PUT", url: `${BASE}/${id}/windows/${kind}`, cookie: app().cookie, payload });
  const auditOf = (event: string) =>
    app().t.ctx.db.selectFrom("audit_events").selectAll().where("event", "=", event).orderBy("id").execute();
  return { create, list, detail, setLevels, setWindow, auditOf };
}

/** Signs in to a given school year (the login's selector), answering the login's response. */
export function loginToYear(t: TestApp, schoolYearId: number, email: string) {
  return call(t, { method: "POST", url: "/api/auth/login", payload: { schoolYearId, email, password: TEST_PASSWORD } });
}

/** A year far from the reference year (the clock's), unique per call. */
let farYear = 2100;
export function farYearBody() {
  farYear += 2;
  return { label: `${farYear}-${farYear + 1}`, startsOn: `${farYear}-09-01`, endsOn: `${farYear + 1}-07-02` };
}
