import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminElection,
  endWindowNow,
  insertOwnYear,
  openWindowNow,
  parentWithRequest,
  scheduledElection,
  vote,
} from "./support/elections.ts";
import { type ReceivedMail, waitForMail } from "./support/smtp.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

// Publishing the results e-mails every family on the register, in its language, through
// the outbox (real SMTP here), and the mail never tells who voted, let alone for what.

let t: TestApp;
let admin: { id: number; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin");
});
afterAll(() => t.close());

const setLanguage = (id: number, language: string) =>
  t.ctx.db.updateTable("users").set({ language }).where("id", "=", id).execute();

/** The text part of the queued row (the same body the SMTP server received, before MIME). */
async function outboxText(userId: number, kind = "electionResultsPublished") {
  const rows = await t.ctx.db
    .selectFrom("mail_outbox")
    .select(["body_text", "subject"])
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .execute();
  return rows;
}

describe("the results e-mail", () => {
  it("goes to every family on the register in its language when the Admin publishes, the same for voters and others", async () => {
    const yearId = await insertOwnYear(t, "results-mail");
    const election = await scheduledElection(t, admin.cookie, yearId, { seats: 2 });
    const [listA] = election.lists;
    const voterFr = await parentWithRequest(t, yearId);
    await setLanguage(voterFr.id, "fr");
    const voterEn = await parentWithRequest(t, yearId);
    await setLanguage(voterEn.id, "en");
    const voterEs = await parentWithRequest(t, yearId);
    const abstainerEs = await parentWithRequest(t, yearId);
    const refused = await parentWithRequest(t, yearId, { status: "Refused" });
    await openWindowNow(t, election.id);
    const receipts: string[] = [];
    for (const [person, choice] of [
      [voterFr, listA!.id],
      [voterEn, null],
      [voterEs, listA!.id],
    ] as const) {
      const cast = await vote(t, await person.cookie(), election.id, choice);
      expect(cast.statusCode).toBe(201);
      receipts.push(cast.json().receiptCode);
    }

    // Before the close: nothing to publish, nothing queued.
    const early = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${election.id}/publish`,
      cookie: admin.cookie,
      payload: { version: (await adminElection(t, admin.cookie, election.id)).version },
    });
    expect(errorOf(early).code).toBe("ELECTION_NOT_CLOSED");
    expect(await outboxText(voterFr.id)).toEqual([]);

    await endWindowNow(t, election.id);
    const mailsBefore = t.mails.length;
    const published = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${election.id}/publish`,
      cookie: admin.cookie,
      payload: { version: (await adminElection(t, admin.cookie, election.id)).version },
    });
    expect(published.statusCode, published.body).toBe(200);

    // The candidates are on the register too: 4 candidates + 4 parents (the refused one is not).
    const candidates = election.lists.flatMap((list) => list.candidates);
    const registered = [voterFr, voterEn, voterEs, abstainerEs].map((p) => p.id).concat(candidates);
    const received = new Map<number, ReceivedMail>();
    for (const person of [voterFr, voterEn, voterEs, abstainerEs]) {
      received.set(person.id, await waitForMail(t.mails, person.email, mailsBefore));
    }
    expect(received.get(voterFr.id)!.subject).toBe("Résultats publiés\u202f: Conseil d'école");
    expect(received.get(voterEn.id)!.subject).toBe("Results published: School council");
    expect(received.get(voterEs.id)!.subject).toBe("Resultados publicados: Consejo de escuela");
    const fr = received.get(voterFr.id)!.decoded;
    expect(fr).toContain("3 votants sur 8 électeurs inscrits\u202f: participation de 37,5 %.");
    expect(fr).toContain("Lista 1\u202f: voix 2 · sièges 2");
    expect(fr).toContain("Lista 2\u202f: voix 0 · sièges 0");
    expect(fr).toContain("votes blancs\u202f: 1");
    // Two seats, a list of two: both titulars, no substitute left.
    expect(fr.match(/Titulaire – Ana Lucía Pérez Gómez \(Lista 1\)/g)).toHaveLength(4);
    expect(fr).not.toContain("Suppléant");
    expect(fr).toContain("http://localhost:3000/portal/elecciones/completadas");
    expect(received.get(voterEn.id)!.decoded).toContain("3 of 8 registered voters voted: 37.5 % turnout.");
    // No receipt code, in any mail.
    for (const mail of received.values()) for (const code of receipts) expect(mail.decoded).not.toContain(code);

    // One mail per person on the register, none to the refused family; the voter's and the
    // abstainer's are the same text word for word (every account here has the same name).
    const rows = await t.ctx.db
      .selectFrom("mail_outbox")
      .select(["user_id", "body_text"])
      .where("kind", "=", "electionResultsPublished")
      .where("user_id", "in", [...registered, refused.id])
      .execute();
    expect(rows.map((row) => row.user_id).sort((a, b) => Number(a) - Number(b))).toEqual(
      [...registered].sort((a, b) => a - b),
    );
    const [votedEs] = await outboxText(voterEs.id);
    const [abstainedEs] = await outboxText(abstainerEs.id);
    expect(votedEs!.body_text).toBe(abstainedEs!.body_text);
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "election.published")
      .where("details", "like", `%"electionId":${election.id},%`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? "{}")).toMatchObject({ mails: 8, voters: 3, registeredVoters: 8 });
  });
});
