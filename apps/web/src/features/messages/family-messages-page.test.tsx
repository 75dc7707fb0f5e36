import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { FamilyMessagesPage } from "./family-messages-page.tsx";

async function open(items: unknown[], language: "es" | "fr" = "es") {
  stubApi({ "GET /api/account/messages": ok({ items }) });
  await renderScreen(<FamilyMessagesPage />, {
    session: signedInSession(language),
    language,
    namespaces: ["messages"],
  });
}

describe("the family's Mensajes page", () => {
  it("lists the school's messages newest first, paragraphs as text", async () => {
    await open([
      { id: 9, subject: "Excursión", body: "Mañana hay excursión.", sentAt: "2026-12-07T15:00:00.000Z" },
      {
        id: 4,
        subject: "Reunión de padres",
        body: "Estimadas familias:\n\nLes esperamos. <script>x</script>",
        sentAt: "2026-12-01T15:00:00.000Z",
      },
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "Mensajes" })).toBeTruthy();
    await screen.findByText("Excursión");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(["Excursión", "Reunión de padres"]);
    expect(screen.getByText("Les esperamos. <script>x</script>")).toBeTruthy();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
  });

  it("says so when the school has sent nothing, in the family's language", async () => {
    await open([], "fr");
    expect(await screen.findByRole("heading", { level: 1, name: "Messages" })).toBeTruthy();
    expect(await screen.findByText("L’école ne vous a encore envoyé aucun message.")).toBeTruthy();
  });
});
