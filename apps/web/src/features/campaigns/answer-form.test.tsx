import type { FamilyCampaign } from "@portal/shared/schemas/campaigns";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { CampaignLinkPage } from "./campaign-link-page.tsx";
import { FamilyCampaignPage } from "./family-campaign-page.tsx";

const campaign = (over: Partial<FamilyCampaign> = {}): FamilyCampaign => ({
  id: 3,
  schoolYearLabel: "2026-2027",
  deadline: "2027-01-31",
  open: true,
  message: "Tell us whether your children return.",
  contact: { school: "Colegio Andino", email: "secretaria@colegio.ec" },
  answeredAt: null,
  children: [
    { studentId: 11, name: "Ana García", levelCode: "CM1", answer: null, reasonCode: null },
    { studentId: 12, name: "Luis García", levelCode: "CP", answer: null, reasonCode: null },
  ],
  reasons: [
    { code: "MOVING", label: "Moving home or city" },
    { code: "OTHER", label: "Other reason" },
  ],
  ...over,
});

describe("the family's re-enrollment answer", () => {
  it("answers both siblings on one form, a reason asked for the one leaving, then offers the re-enrollment", async () => {
    const saved = campaign({
      answeredAt: "2026-12-07T15:00:00.000Z",
      children: [
        { studentId: 11, name: "Ana García", levelCode: "CM1", answer: "returns", reasonCode: null },
        { studentId: 12, name: "Luis García", levelCode: "CP", answer: "leaves", reasonCode: "MOVING" },
      ],
    });
    const api = stubApi({
      "GET /api/family-campaigns": ok({ items: [campaign()] }),
      "POST /api/family-campaigns/3/answers": ok(saved),
    });
    await renderScreen(<FamilyCampaignPage />, {
      session: signedInSession("en"),
      language: "en",
      namespaces: ["campaigns"],
    });
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Re-enrollment" })).toBeTruthy();
    expect(await screen.findByText("Tell us whether your children return.")).toBeTruthy();
    expect(screen.getByText("Please answer by 31/01/2027.")).toBeTruthy();
    // Nothing chosen: each child asks for an answer, nothing is sent.
    await user.click(screen.getByRole("button", { name: "Send my answer" }));
    expect(await screen.findAllByText("Choose an answer")).toHaveLength(2);
    expect(api.to("POST /api/family-campaigns/3/answers")).toHaveLength(0);

    // Ana's group, then Luis's: each child's choices are a group named by the child.
    await user.click(screen.getAllByRole("radio", { name: "Returns next year" })[0]!);
    await user.click(screen.getAllByRole("radio", { name: "Leaves the school" })[1]!);
    await user.click(screen.getByRole("button", { name: "Send my answer" }));
    expect(await screen.findByText("Choose a reason")).toBeTruthy();
    await user.selectOptions(screen.getByRole("combobox", { name: "Why Luis García leaves" }), "MOVING");
    await user.click(screen.getByRole("button", { name: "Send my answer" }));
    await waitFor(() => expect(api.to("POST /api/family-campaigns/3/answers")).toHaveLength(1));
    expect(api.to("POST /api/family-campaigns/3/answers")[0]?.body).toEqual({
      answers: [
        { studentId: 11, answer: "returns" },
        { studentId: 12, answer: "leaves", reasonCode: "MOVING" },
      ],
    });
    expect(await screen.findByText("Thank you, your answer is saved")).toBeTruthy();
    expect(screen.getByText(/Next step for Ana García: the re-enrollment file/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to my enrollments" }).getAttribute("href")).toBe(
      "/portal/inscripciones/bienvenido",
    );
  });

  it("is read-only after the deadline and says whom to contact", async () => {
    stubApi({ "GET /api/family-campaigns": ok({ items: [campaign({ open: false })] }) });
    await renderScreen(<FamilyCampaignPage />, {
      session: signedInSession("es"),
      language: "es",
      namespaces: ["campaigns"],
    });
    expect(
      await screen.findByText(
        "Esta campaña cerró el 31/01/2027. Para responder ahora, contacte a Colegio Andino en secretaria@colegio.ec.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Enviar mi respuesta" })).toBeNull();
    for (const radio of screen.getAllByRole("radio")) expect((radio as HTMLInputElement).disabled).toBe(true);
  });
});

describe("the e-mailed link's form", () => {
  it("opens the family's form from the token without signing in, and says a bad link is not valid", async () => {
    const api = stubApi({ "POST /api/campaign-link": ok(campaign()) });
    await renderScreen(<CampaignLinkPage />, {
      path: "/reenrollment-answer/TOKEN1234567890123456",
      routes: { "/reenrollment-answer/:token": <CampaignLinkPage /> },
      language: "fr",
      namespaces: ["campaigns"],
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Réinscription\u202f: votre réponse" })).toBeTruthy();
    expect(await screen.findByText("Ana García")).toBeTruthy();
    expect(api.to("POST /api/campaign-link")[0]?.body).toEqual({ token: "TOKEN1234567890123456" });
  });

  it("shows the server's message for a link that is not valid", async () => {
    stubApi({
      "POST /api/campaign-link": apiError(404, "CAMPAIGN_LINK_INVALID", "This re-enrollment link is not valid."),
    });
    await renderScreen(<CampaignLinkPage />, {
      path: "/reenrollment-answer/BADTOKEN123456789012345",
      routes: { "/reenrollment-answer/:token": <CampaignLinkPage /> },
      language: "en",
      namespaces: ["campaigns"],
    });
    expect(await screen.findByText("This re-enrollment link is not valid.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send my answer" })).toBeNull();
  });
});
