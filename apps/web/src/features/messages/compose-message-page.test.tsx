import type { MessageDetail } from "@portal/shared/schemas/messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { ComposeMessagePage } from "./compose-message-page.tsx";

const secretary = signedInSession("en", "Secretaria");

const sent: MessageDetail = {
  id: 5,
  subject: "Parents' meeting",
  source: "requests",
  state: "queued",
  families: 2,
  addresses: 3,
  sentBy: "Ana Pérez",
  createdAt: "2026-12-07T15:00:00.000Z",
  delivery: { pending: 3, sent: 0, failed: 0, removed: 0 },
  audience: { source: "requests", report: null },
  filters: { level: "CP" },
  includeTestAccounts: false,
  texts: {},
  recipients: [],
};

async function open(path = "/portal/family-messages/compose?source=requests&level=CP&testData=exclude") {
  const api = stubApi({
    "POST /api/messages/audience": (request) =>
      ok(
        (request.body as { includeTestAccounts: boolean }).includeTestAccounts
          ? { families: 3, addresses: 4, byLanguage: { es: 2, en: 1, fr: 1 } }
          : { families: 2, addresses: 3, byLanguage: { es: 1, en: 1, fr: 1 } },
      ),
    "POST /api/messages": { status: 201, body: sent },
    "GET /api/messages/5": ok(sent),
  });
  const rendered = await renderScreen(<ComposeMessagePage />, {
    session: secretary,
    language: "en",
    path,
    namespaces: ["messages"],
    routes: { "/portal/family-messages/message/:id": <p>message page</p> },
  });
  return { api, user: userEvent.setup(), ...rendered };
}

describe("writing to the families of a list", () => {
  it("shows whom the list's filters reach, with and without the Test role's accounts", async () => {
    const { api, user } = await open();
    expect(await screen.findByRole("heading", { level: 1, name: "Write to families" })).toBeTruthy();
    expect(await screen.findByText("2 families, 3 addresses")).toBeTruthy();
    expect(screen.getByText("Español: 1 · English: 1 · Français: 1")).toBeTruthy();
    expect(api.to("POST /api/messages/audience")[0]?.body).toEqual({
      audience: { source: "requests", filters: { level: "CP", testData: "exclude" } },
      includeTestAccounts: false,
    });
    await user.click(screen.getByRole("checkbox", { name: "Include the Test role's accounts" }));
    expect(await screen.findByText("3 families, 4 addresses")).toBeTruthy();
  });

  it("previews the text in each language the audience reads, and refuses to send with one language empty", async () => {
    const { api, user } = await open();
    await screen.findByText("2 families, 3 addresses");
    await user.click(screen.getByRole("radio", { name: "A text per language" }));
    await user.type(screen.getByRole("textbox", { name: "Subject (Español)" }), "Reunión de padres");
    await user.type(
      screen.getByRole("textbox", { name: "Message (Español)" }),
      "Estimadas familias:{Enter}{Enter}Les esperamos.",
    );
    await user.type(screen.getByRole("textbox", { name: "Subject (English)" }), "Parents' meeting");
    await user.type(screen.getByRole("textbox", { name: "Message (English)" }), "Dear families, <b>see you</b>.");
    const spanish = screen.getByRole("region", { name: "Preview in Español" });
    expect(within(spanish).getByText("Reunión de padres")).toBeTruthy();
    expect(within(spanish).getByText("Les esperamos.")).toBeTruthy();
    // Text, never HTML.
    expect(
      within(screen.getByRole("region", { name: "Preview in English" })).getByText("Dear families, <b>see you</b>."),
    ).toBeTruthy();
    expect(
      within(screen.getByRole("region", { name: "Preview in Français" })).getByText("(no subject yet)"),
    ).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Send the message" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The text in Français is empty");
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.to("POST /api/messages")).toHaveLength(0);

    await user.type(screen.getByRole("textbox", { name: "Subject (Français)" }), "Réunion des parents");
    await user.type(screen.getByRole("textbox", { name: "Message (Français)" }), "Chères familles.");
    await user.click(screen.getByRole("button", { name: "Send the message" }));
    const dialog = await screen.findByRole("dialog", { name: "Send this message?" });
    expect(dialog.textContent).toContain("2 families, 3 addresses and shown");
    await user.click(within(dialog).getByRole("button", { name: "Send the message" }));
    await waitFor(() => expect(api.to("POST /api/messages")).toHaveLength(1));
    expect(api.to("POST /api/messages")[0]?.body).toEqual({
      audience: { source: "requests", filters: { level: "CP", testData: "exclude" } },
      includeTestAccounts: false,
      texts: {
        mode: "perLanguage",
        texts: {
          es: { subject: "Reunión de padres", body: "Estimadas familias:\n\nLes esperamos." },
          en: { subject: "Parents' meeting", body: "Dear families, <b>see you</b>." },
          fr: { subject: "Réunion des parents", body: "Chères familles." },
        },
      },
    });
    expect(await screen.findByText("message page")).toBeTruthy();
  });

  it("asks for a list first when the address names no audience", async () => {
    await open("/portal/family-messages/compose?source=campaign");
    expect(await screen.findByText("Choose the families first")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the request list" })).toBeTruthy();
  });
});
