import type { FamilyConsents } from "@portal/shared/schemas/consents";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { ConsentsPage } from "./consents-page.tsx";

const family = signedInSession("en");

const given = { state: "given" as const, version: "2025-09", at: "2026-09-01T15:00:00.000Z" };
const consents: FamilyConsents = {
  children: [
    { studentId: 3, studentName: "Mateo Andrade", image: given, dataUse: given },
    {
      studentId: 4,
      studentName: "Lucía Andrade",
      image: { state: "refused", version: "2025-09", at: given.at },
      dataUse: given,
    },
  ],
};
const afterImage: FamilyConsents = {
  children: [
    {
      ...consents.children[0]!,
      image: { state: "withdrawn", version: "2025-09", at: "2026-12-07T15:00:00.000Z" },
    },
    consents.children[1]!,
  ],
};

async function open(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ "GET /api/account/consents": ok(consents), ...routes });
  await renderScreen(<ConsentsPage />, { session: family, language: "en", namespaces: ["account"] });
  return { api, user: userEvent.setup() };
}

const mateo = async () => screen.findByRole("region", { name: "Mateo Andrade" });

describe("the consents screen", () => {
  it("shows each child's consents, with a withdrawal only where a consent is given", async () => {
    await open();
    expect(await screen.findByRole("heading", { name: "Consents" })).toBeTruthy();
    const card = await mateo();
    expect(within(card).getAllByText(/^Given on .* \(text version 2025-09\)$/)).toHaveLength(2);
    expect(within(card).getByRole("button", { name: "Withdraw the image consent" })).toBeTruthy();
    const lucia = screen.getByRole("region", { name: "Lucía Andrade" });
    expect(within(lucia).getByText("Not given")).toBeTruthy();
    expect(within(lucia).queryByRole("button", { name: "Withdraw the image consent" })).toBeNull();
    expect(within(lucia).getByRole("button", { name: "Withdraw the data-use consent" })).toBeTruthy();
  });

  it("says what a withdrawal means before it, and sends nothing when the family keeps the consent", async () => {
    const { api, user } = await open();
    await user.click(within(await mateo()).getByRole("button", { name: "Withdraw the image consent" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw the image consent for Mateo Andrade?" });
    expect(within(dialog).getByText(/The photo stays in the enrollment file/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to("POST /api/account/students/3/consent-withdrawals")).toHaveLength(0);
  });

  it("withdraws on confirmation and shows the new state", async () => {
    const { api, user } = await open({ "POST /api/account/students/3/consent-withdrawals": ok(afterImage) });
    await user.click(within(await mateo()).getByRole("button", { name: "Withdraw the image consent" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw the image consent for Mateo Andrade?" });
    await user.click(within(dialog).getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByText("Image consent withdrawn for Mateo Andrade")).toBeTruthy();
    expect(api.to("POST /api/account/students/3/consent-withdrawals")[0]?.body).toEqual({ consent: "image" });
    const card = await mateo();
    expect(within(card).getByText(/^Withdrawn on .* \(text version 2025-09\)$/)).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "Withdraw the image consent" })).toBeNull();
  });

  it("shows the server's refusal", async () => {
    const { user } = await open({
      "POST /api/account/students/3/consent-withdrawals": apiError(409, "CONSENT_NOT_GIVEN", "Nothing to withdraw."),
    });
    await user.click(within(await mateo()).getByRole("button", { name: "Withdraw the data-use consent" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Withdraw" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Nothing to withdraw.");
  });

  it("tells a family without recorded consents where they are given", async () => {
    await open({ "GET /api/account/consents": ok({ children: [] }) });
    expect(await screen.findByText(/you give them in the enrollment form/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Consents" })).toBeTruthy();
  });
});
