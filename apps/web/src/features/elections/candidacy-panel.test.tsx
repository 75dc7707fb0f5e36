import type { MyCandidacy } from "@portal/shared/schemas/election-candidacies";
import type { FamilyElection } from "@portal/shared/schemas/elections";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { CandidacyPanel } from "./candidacy-panel.tsx";

const session = (role: "User" | "Admin") => signedInSession("es", role);

const ELECTION = {
  id: 3,
  status: "scheduled",
  lists: [
    { id: 11, name: "Padres unidos", candidates: [] },
    { id: 12, name: "Familias activas", candidates: [] },
  ],
} as unknown as FamilyElection;

const mine = (over: Partial<MyCandidacy> = {}): MyCandidacy => ({
  candidacy: null,
  open: true,
  deadline: "2026-03-09T23:00:00.000Z",
  mayStand: true,
  organizations: [{ id: 5, name: "Independientes" }],
  ...over,
});

const pending = {
  id: 1,
  electionId: 3,
  listId: 12,
  listName: "Familias activas",
  organizationId: null,
  statement: "Quiero ayudar",
  status: "pending" as const,
  reason: null,
  decidedAt: null,
  createdAt: "2026-03-01T10:00:00.000Z",
};

async function open(answer: MyCandidacy, role: "User" | "Admin" = "User") {
  const api = stubApi({
    "GET /api/elections/3/candidacy": ok(answer),
    "PUT /api/elections/3/candidacy": ok(mine({ candidacy: pending })),
  });
  await renderScreen(<CandidacyPanel election={ELECTION} />, { session: session(role), namespaces: ["elections"] });
  return { api, user: userEvent.setup() };
}

describe("the family's candidacy panel", () => {
  it("sends a candidacy on the list chosen, with the statement", async () => {
    const { api, user } = await open(mine());
    const region = await screen.findByRole("region", { name: "Presentarse como candidato" });
    await user.click(within(region).getByRole("button", { name: "Presentar mi candidatura" }));
    // Nothing chosen: said under the field, nothing sent.
    expect(within(region).getByText("Este campo es obligatorio")).toBeTruthy();
    expect(api.to("PUT /api/elections/3/candidacy")).toHaveLength(0);
    await user.selectOptions(within(region).getByLabelText(/Su candidatura/), "Familias activas");
    await user.type(within(region).getByLabelText("Su presentación (opcional)"), "Quiero ayudar");
    await user.click(within(region).getByRole("button", { name: "Presentar mi candidatura" }));
    await waitFor(() => expect(api.to("PUT /api/elections/3/candidacy")).toHaveLength(1));
    expect(api.to("PUT /api/elections/3/candidacy")[0]?.body).toEqual({ listId: 12, statement: "Quiero ayudar" });
  });

  it("proposes a new list with its name and organization", async () => {
    const { api, user } = await open(mine());
    const region = await screen.findByRole("region", { name: "Presentarse como candidato" });
    await user.selectOptions(within(region).getByLabelText(/Su candidatura/), "Proponer una lista nueva");
    await user.type(within(region).getByLabelText(/Nombre de la lista nueva/), "Lista nueva");
    await user.selectOptions(within(region).getByLabelText(/Organización que la presenta/), "Independientes");
    await user.click(within(region).getByRole("button", { name: "Presentar mi candidatura" }));
    await waitFor(() => expect(api.to("PUT /api/elections/3/candidacy")).toHaveLength(1));
    expect(api.to("PUT /api/elections/3/candidacy")[0]?.body).toEqual({
      listName: "Lista nueva",
      organizationId: 5,
      statement: "",
    });
  });

  it("after the deadline says candidacies are closed, and shows the decision and its reason", async () => {
    await open(mine({ open: false, candidacy: { ...pending, status: "declined", reason: "Lista completa" } }));
    const region = await screen.findByRole("region", { name: "Presentarse como candidato" });
    expect(within(region).getByText(/^Las candidaturas se cerraron el /)).toBeTruthy();
    expect(within(region).getByText("Su candidatura en «Familias activas» fue rechazada.")).toBeTruthy();
    expect(within(region).getByText("Motivo de la escuela: Lista completa")).toBeTruthy();
    expect(within(region).queryByRole("combobox")).toBeNull();
    expect(within(region).queryByRole("button")).toBeNull();
  });

  it("is not shown to staff, who have no candidacy (nothing is asked)", async () => {
    const { api } = await open(mine(), "Admin");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region")).toBeNull();
    expect(api.sent).toHaveLength(0);
  });
});
