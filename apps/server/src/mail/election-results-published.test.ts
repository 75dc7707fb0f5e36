import type { ElectionResult } from "@portal/shared/schemas/elections";
import { describe, expect, it } from "vitest";
import { renderElectionResultsPublished } from "./election-results-published.ts";

const result: ElectionResult = {
  registeredVoters: 120,
  voters: 45,
  turnout: 37.5,
  blankVotes: 3,
  validVotes: 42,
  testBallots: 1,
  seats: 3,
  unfilledSeats: 0,
  lotSeed: 77,
  tieBreaks: [],
  lists: [
    { id: 1, name: "Padres <unidos>", votes: 30, byQuotient: 2, byRemainder: 0, seats: 2 },
    { id: 2, name: "Familias activas", votes: 12, byQuotient: 0, byRemainder: 1, seats: 1 },
  ],
  elected: [
    { listId: 1, userId: 5, name: "Ana Pérez", rank: 1, position: "titular" },
    { listId: 2, userId: 9, name: "Luis Mora", rank: 1, position: "titular" },
    { listId: 1, userId: 6, name: "Eva Ruiz", rank: 3, position: "substitute" },
  ],
};
const base = {
  to: "familia@test.local",
  name: "María Andrade",
  school: "Liceo La Condamine",
  title: "Consejo de escuela",
  body: "Conseil d'école",
  schoolYear: "2025-2026",
  result,
  link: "https://portal.test/portal/elecciones/completadas",
};

describe("the results-published e-mail", () => {
  it("gives the turnout, the seats per list and the elected, in the family's language", () => {
    const es = renderElectionResultsPublished({ ...base, language: "es" });
    expect(es.subject).toBe("Resultados publicados: Consejo de escuela");
    expect(es.text).toContain("Votaron 45 de 120 electores inscritos: participación del 37,5 %.");
    expect(es.text).toContain("- Familias activas: votos 12 · puestos 1");
    expect(es.text).toContain("- Suplente – Eva Ruiz (Padres <unidos>)");
    expect(es.text).toContain(`Ver los resultados en el portal: ${base.link}`);
    const fr = renderElectionResultsPublished({ ...base, language: "fr", title: "Conseil d'école" });
    expect(fr.subject).toBe("Résultats publiés\u202f: Conseil d'école");
    expect(fr.text).toContain("45 votants sur 120 électeurs inscrits\u202f: participation de 37,5 %.");
    expect(fr.text).toContain("- Titulaire – Luis Mora (Familias activas)");
  });

  it("is the same text whoever reads it, escaped in HTML", () => {
    const one = renderElectionResultsPublished({ ...base, language: "en", to: "a@test.local" });
    const other = renderElectionResultsPublished({ ...base, language: "en", to: "b@test.local" });
    expect(one.text).toBe(other.text);
    expect(one.html).toContain("Padres &#60;unidos&#62;");
    expect(one.html).not.toContain("<unidos>");
    expect(one.text).toContain("Every family receives this same message");
  });
});
