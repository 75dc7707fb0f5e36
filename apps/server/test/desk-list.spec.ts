import type { Role } from "@portal/shared/roles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deskCalls } from "./support/desk.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";
import { insertSentRequest } from "./support/workflow.ts";

// The families created at the desk, listed for the secretary to find one again
// (docs/rules/staff-workflow.md "Walk-in families").
let t: TestApp;
let secretary: Awaited<ReturnType<typeof signedInAs>>;
let desk: ReturnType<typeof deskCalls>;
beforeAll(async () => {
  t = await createTestApp();
  secretary = await signedInAs(t, "Secretaria");
  desk = deskCalls(t);
});
afterAll(() => t.close());

/** A surname of letters only, this run's own, so other specs' desk families never match. */
const surname = () =>
  `Lista${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

const list = (query: string, cookie = secretary.cookie) =>
  call(t, { method: "GET", url: `/api/desk/families?${query}`, cookie });

describe("GET /api/desk/families", () => {
  it("lists the desk's families newest first, with the e-mail state, requests and who created them", async () => {
    const family = surname();
    const noEmail = await desk.created(secretary.cookie, { firstSurname: family, names: "Ana" });
    const withEmail = await desk.created(secretary.cookie, {
      firstSurname: family,
      names: "Berta",
      email: `${family.toLowerCase()}-b@example.ec`,
    });
    const invited = await desk.created(secretary.cookie, {
      firstSurname: family,
      names: "Carmen",
      email: `${family.toLowerCase()}-c@example.ec`,
    });
    expect((await desk.invite(secretary.cookie, invited)).statusCode).toBe(200);
    const claimed = await desk.created(secretary.cookie, { firstSurname: family, names: "Dora" });
    await t.ctx.db
      .updateTable("users")
      .set({ activated_at: new Date().toISOString() })
      .where("id", "=", claimed)
      .execute();
    await insertSentRequest(t, noEmail, "Untreated");
    await insertSentRequest(t, noEmail, "Accepted");
    // An account made online with the same surname is not a desk family.
    const online = await createUser(t);
    await t.ctx.db.updateTable("users").set({ first_surname: family }).where("id", "=", online.id).execute();

    const response = await list(`q=${family}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(body.items.map((item: { id: number }) => item.id)).toEqual([claimed, invited, withEmail, noEmail]);
    expect(body.items.map((item: { emailState: string }) => item.emailState)).toEqual([
      "claimed",
      "invited",
      "added",
      "none",
    ]);
    expect(body.items[3]).toMatchObject({
      name: `Ana ${family} Tamayo`,
      typeIdentification: 1,
      requestCount: 2,
      latestStatus: "Accepted",
      createdBy: "Ana Lucía Pérez",
      createdAt: expect.any(String),
    });
    expect(body.items[0]).toMatchObject({ requestCount: 0, latestStatus: null });

    // A new e-mail after the invitation: the invitation went to the old one.
    expect((await desk.setEmail(secretary.cookie, invited, `${family.toLowerCase()}-c2@example.ec`)).statusCode).toBe(
      200,
    );
    const after = (await list(`q=${family}`)).json();
    expect(after.items[1]).toMatchObject({ id: invited, emailState: "added" });
  });

  it("searches every word in the names and identification, in any case, and pages", async () => {
    const family = surname();
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) ids.push(await desk.created(secretary.cookie, { firstSurname: family }));
    const one = await desk.family(secretary.cookie, ids[4]!);
    const documentNumber = one.json().documentNumber as string;

    const byDocument = (await list(`q=${documentNumber}`)).json();
    expect(byDocument.items.map((item: { id: number }) => item.id)).toEqual([ids[4]]);
    expect((await list(`q=${encodeURIComponent(`ROSA ${family.toUpperCase()}`)}`)).json().total).toBe(11);
    expect((await list(`q=${encodeURIComponent(`${family} Nadie`)}`)).json()).toMatchObject({ total: 0, items: [] });
    // LIKE's wildcards are searched as themselves.
    expect((await list(`q=${encodeURIComponent("%")}`)).json().total).toBe(0);

    const second = (await list(`q=${family}&page=2&pageSize=10`)).json();
    expect(second).toMatchObject({ total: 11, page: 2, pageSize: 10 });
    expect(second.items.map((item: { id: number }) => item.id)).toEqual([ids[0]]);
  });

  it("is the desk's: the Admin may, every other role is refused", async () => {
    const admin = await signedInAs(t, "Admin");
    expect((await list("", admin.cookie)).statusCode).toBe(200);
    for (const role of ["Consulta", "Editor", "User", "Prueba"] as Role[]) {
      const { cookie } = await signedInAs(t, role);
      const response = await list("", cookie);
      expect(response.statusCode, role).toBe(403);
      expect(errorOf(response).message, role).not.toBe("");
    }
    const anonymous = await call(t, { method: "GET", url: "/api/desk/families" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses unknown, repeated or out-of-list parameters with the parameter named", async () => {
    for (const [query, field] of [
      ["page=0", "page"],
      ["page=abc", "page"],
      ["pageSize=7", "pageSize"],
      ["q=a&q=b", "q"],
      [`q=${"x".repeat(101)}`, "q"],
      ["q=%01", "q"],
      ["sort=name", "sort"],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).code, query).toBe("VALIDATION_ERROR");
      expect(JSON.stringify(errorOf(response).fields ?? {}), query).toContain(field);
    }
  });
});
