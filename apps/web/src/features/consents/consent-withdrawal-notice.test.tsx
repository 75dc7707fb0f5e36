import type { RequestConsents } from "@portal/shared/schemas/consents";
import type { SessionInfo } from "@portal/shared/schemas/responses";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, SIGNED_OUT } from "../../test/render.tsx";
import { ConsentWithdrawalNotice } from "./consent-withdrawal-notice.tsx";

const secretaria: SessionInfo = {
  ...SIGNED_OUT,
  language: "en",
  user: {
    id: 2,
    email: "secretaria@example.org",
    firstSurname: "Mora",
    secondSurname: "",
    names: "Luis",
    phone: "",
    language: "en",
    role: "Secretaria",
    isTestData: false,
  },
};

const given = { state: "given" as const, version: "2025-09", at: "2026-09-01T15:00:00.000Z" };
const withdrawn = { state: "withdrawn" as const, version: "2025-09", at: "2026-12-07T15:00:00.000Z" };

async function open(consents: RequestConsents) {
  const api = stubApi({ "GET /api/requests/9/consents": ok(consents) });
  await renderScreen(
    <>
      <h1>Request</h1>
      <ConsentWithdrawalNotice requestId={9} />
    </>,
    { session: secretaria, language: "en", namespaces: ["inscriptions"] },
  );
  return api;
}

describe("the staff's consent withdrawal notice", () => {
  it("names the consent withdrawn, its date and version, and what the staff must do", async () => {
    await open({ image: withdrawn, dataUse: given, history: [] });
    const notice = await screen.findByTestId("consent-withdrawals");
    expect(within(notice).getByText("Consent withdrawn by the family")).toBeTruthy();
    expect(
      within(notice).getByText(/^Image consent withdrawn on .* \(text version 2025-09\): leave the child's photo out/),
    ).toBeTruthy();
    expect(within(notice).queryByText(/Data-use consent withdrawn/)).toBeNull();
  });

  it("shows nothing while every consent stands", async () => {
    const api = await open({
      image: given,
      dataUse: { state: "refused", version: "2025-09", at: given.at },
      history: [],
    });
    await waitFor(() => expect(api.to("GET /api/requests/9/consents")).toHaveLength(1));
    // The answer is rendered on the next turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("consent-withdrawals")).toBeNull();
  });
});
