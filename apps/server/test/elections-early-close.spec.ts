import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminElection,
  endWindowNow,
  insertOwnYear,
  parentWithRequest,
  scheduledElection,
  vote,
} from "./support/elections.ts";
import { flat, readPdfText } from "./support/pdf-text.ts";
import { call, createTestApp, downloadLikeABrowser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

// An election announced as lasting at least MIN_POLL_HOURS (4 h): closing it before then needs a
// reason, which the minutes print; the results e-mail never goes to a Test account.

let t: TestApp;
let admin: { id: number; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin");
});
afterAll(() => t.close());

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** Opened `minutesAgo` minutes ago, announced to close in five hours. */
async function openedAgo(id: number, minutesAgo: number) {
  await t.ctx.db
    .updateTable("elections")
    .set({ candidacy_deadline: at(-minutesAgo - 60), opens_at: at(-minutesAgo), closes_at: at(300) })
    .where("id", "=", id)
    .execute();
}

async function close(id: number, payload: Record<string, unknown>, cookie = admin.cookie) {
  const version = (await adminElection(t, admin.cookie, id)).version;
  return call(t, {
    method: "POST",
    url: `/api/settings/elections/${id}/close`,
    cookie,
    payload: { version, ...payload },
  });
}

describe("closing a poll before the announced minimum", () => {
  it("asks for a reason, keeps it, audits it with the turnout, and prints it in the minutes", async () => {
    const yearId = await insertOwnYear(t, "early-close");
    const election = await scheduledElection(t, admin.cookie, yearId, { seats: 1 });
    await openedAgo(election.id, 1);
    const voter = await parentWithRequest(t, yearId);
    expect((await vote(t, await voter.cookie(), election.id, election.lists[0]!.id)).statusCode).toBe(201);

    for (const payload of [{}, { reason: "   " }]) {
      const refused = await close(election.id, payload);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).code).toBe("VALIDATION_ERROR");
      expect(refused.json().error.fields.reason).toBe("Este campo es obligatorio");
    }
    expect((await adminElection(t, admin.cookie, election.id)).status).toBe("open");
    const secretaria = await signedInAs(t, "Secretaria");
    expect((await close(election.id, { reason: "Corte de luz" }, secretaria.cookie)).statusCode).toBe(403);

    const closed = await close(election.id, { reason: "  Corte de luz en el colegio  " });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: "closed", closeReason: "Corte de luz en el colegio" });
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "election.closed")
      .where("details", "like", `%"electionId":${election.id},%`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? "{}")).toMatchObject({
      beforeMinimum: true,
      reason: "Corte de luz en el colegio",
      voters: 1,
    });

    const minutes = await downloadLikeABrowser(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/minutes?language=es`,
      cookie: admin.cookie,
    });
    expect(minutes.statusCode).toBe(200);
    const text = flat((await readPdfText(minutes.rawPayload)).text);
    expect(text).toContain("Votación cerrada por la administración el");
    expect(text).toContain("Motivo del cierre antes del mínimo anunciado de 4 horas: Corte de luz en el colegio");
  });

  it("closes without a reason once the minimum has passed", async () => {
    const yearId = await insertOwnYear(t, "late-close");
    const election = await scheduledElection(t, admin.cookie, yearId, { seats: 1 });
    await openedAgo(election.id, 4 * 60 + 1);
    const closed = await close(election.id, {});
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: "closed", closeReason: null });
  });
});

describe("the results e-mail", () => {
  it("goes to no Test account, even one that voted", async () => {
    const yearId = await insertOwnYear(t, "results-no-test");
    const election = await scheduledElection(t, admin.cookie, yearId, { seats: 1 });
    await openedAgo(election.id, 60);
    const family = await parentWithRequest(t, yearId);
    const tester = await parentWithRequest(t, yearId, { role: "Prueba" });
    for (const person of [family, tester]) {
      expect((await vote(t, await person.cookie(), election.id, null)).statusCode).toBe(201);
    }
    await endWindowNow(t, election.id);
    const published = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${election.id}/publish`,
      cookie: admin.cookie,
      payload: { version: (await adminElection(t, admin.cookie, election.id)).version },
    });
    expect(published.statusCode, published.body).toBe(200);
    const mailed = await t.ctx.db
      .selectFrom("mail_outbox")
      .select("user_id")
      .where("kind", "=", "electionResultsPublished")
      .where("user_id", "in", [family.id, tester.id])
      .execute();
    expect(mailed.map((row) => Number(row.user_id))).toEqual([family.id]);
  });
});
