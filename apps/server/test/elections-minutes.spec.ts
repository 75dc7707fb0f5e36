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
import { flat, readPdfText } from "./support/pdf-text.ts";
import { call, createTestApp, downloadLikeABrowser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
let admin: { id: number; cookie: string };
let electionId: number;
let listIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin");
  const yearId = await insertOwnYear(t, "minutes");
  const election = await scheduledElection(t, admin.cookie, yearId, { seats: 1 });
  electionId = election.id;
  listIds = election.lists.map((list) => list.id);
  // On the register before the poll opens (it is frozen then).
  const voters = [];
  for (let i = 0; i < 3; i++) voters.push(await parentWithRequest(t, yearId));
  await openWindowNow(t, electionId);
  // One vote each and one blank: the single seat is a tie on remainder and votes, drawn by lot.
  for (const [i, choice] of [listIds[0]!, listIds[1]!, null].entries()) {
    expect((await vote(t, await voters[i]!.cookie(), electionId, choice)).statusCode).toBe(201);
  }
});
afterAll(() => t.close());

const minutes = (language: string) =>
  downloadLikeABrowser(t, {
    method: "GET",
    url: `/api/settings/elections/${electionId}/minutes?language=${language}`,
    cookie: admin.cookie,
  });

describe("the minutes PDF", () => {
  it("is refused before the close", async () => {
    const early = await minutes("es");
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe("ELECTION_NOT_CLOSED");
  });

  it("prints the count, the lot and the elected in Spanish, English and French, the same draw each time", async () => {
    await endWindowNow(t, electionId);
    const texts: Record<string, string> = {};
    for (const language of ["es", "en", "fr"]) {
      const response = await minutes(language);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers["content-type"]).toContain("application/pdf");
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="election-${electionId}-minutes-${language}.pdf"`,
      );
      texts[language] = flat((await readPdfText(response.rawPayload)).text);
    }
    const result = (
      await call(t, { method: "GET", url: `/api/settings/elections/${electionId}/result`, cookie: admin.cookie })
    ).json();
    expect(result).toMatchObject({ voters: 3, blankVotes: 1, validVotes: 2, seats: 1 });
    expect(result.tieBreaks).toHaveLength(1);
    expect(result.tieBreaks[0].rule).toBe("lot");
    const winner = result.lists.find((l: { seats: number }) => l.seats === 1).name;
    const seed = result.lotSeed;

    expect(texts.es).toContain("Acta de escrutinio");
    expect(texts.es).toContain("Consejo de escuela · Conseil d'école");
    expect(texts.es).toContain("Votos en blanco 1");
    // Counts in the singular where they are one: "1 voto · 1 puesto", never "1 votos · 1 puestos".
    expect(texts.es).toContain("1 voto · 1 puesto (");
    expect(texts.es).toContain("1 voto · 0 puestos (");
    expect(texts.en).toContain("1 vote · 1 seat (");
    expect(texts.es).toContain(`sorteo (semilla ${seed}), gana ${winner}`);
    expect(texts.es).toMatch(/Titular – Ana Lucía Pérez Gómez \(n\.º 1\)/);
    expect(texts.es).toMatch(/Suplente – Ana Lucía Pérez Gómez \(n\.º 2\)/);
    expect(texts.es).toContain("Resultados aún no publicados");
    expect(texts.en).toContain("Minutes of the count");
    expect(texts.en).toContain("School council");
    expect(texts.en).toContain(`drawn by lot (seed ${seed}), ${winner} wins`);
    expect(texts.en).toContain("Member – Ana Lucía Pérez Gómez (no. 1)");
    expect(texts.fr).toContain("Procès-verbal du dépouillement");
    expect(texts.fr).toContain("Bulletins blancs 1");
    expect(texts.fr).toContain(`tirage au sort (graine ${seed}), ${winner} l'emporte`);

    // Published: the same draw, frozen, and the minutes say when.
    const version = (await adminElection(t, admin.cookie, electionId)).version;
    const published = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${electionId}/publish`,
      cookie: admin.cookie,
      payload: { version },
    });
    expect(published.statusCode).toBe(200);
    const after = (
      await call(t, { method: "GET", url: `/api/settings/elections/${electionId}/result`, cookie: admin.cookie })
    ).json();
    expect(after.lists).toEqual(result.lists);
    expect(after.lotSeed).toBe(seed);
    const final = flat((await readPdfText((await minutes("es")).rawPayload)).text);
    expect(final).toContain("Resultados publicados el");
    const exported = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "election.minutesExported")
      .where("actor_user_id", "=", admin.id)
      // In the order written: PostgreSQL hands rows back in storage order, which reuses freed space.
      .orderBy("id")
      .execute();
    expect(exported.map((row) => JSON.parse(row.details ?? "{}").language)).toEqual(["es", "en", "fr", "es"]);
  });
});
