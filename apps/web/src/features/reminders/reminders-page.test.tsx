import { DEFAULT_REMINDER_RULES, type ReminderSettingsPage } from "@portal/shared/schemas/reminders";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen } from "../../test/render.tsx";
import { RemindersPage } from "./reminders-page.tsx";

const PAGE: ReminderSettingsPage = {
  rules: DEFAULT_REMINDER_RULES,
  version: 2,
  recent: [
    {
      id: 7,
      day: "2026-12-04",
      familyName: "Ana Andrade",
      email: "ana@example.org",
      causes: [
        { cause: "draftNotSent", code: null, student: "Sofía Andrade" },
        { cause: "photoRejected", code: "INS-26-000123", student: "Mateo Andrade" },
        { cause: "signaturesPending", code: "INS-26-000124", student: "Lucía Andrade" },
      ],
      delivery: "pending",
    },
  ],
};

const open = (language: "en" | "es" | "fr" = "en") =>
  renderScreen(<RemindersPage />, { language, namespaces: ["settings"] });

describe("Settings › Reminders", () => {
  it("switches a reminder on with its times, sent at the version read", async () => {
    const saved = { ...PAGE, rules: { ...PAGE.rules, photoRejected: { ...PAGE.rules.photoRejected, enabled: true } } };
    const api = stubApi({ "GET /api/settings/reminders": ok(PAGE), "PUT /api/settings/reminders": ok(saved) });
    await open();
    const user = userEvent.setup();
    const photo = await screen.findByRole("group", { name: "Photo rejected and not replaced" });
    await user.click(within(photo).getByRole("switch", { name: "Send this reminder" }));
    const after = within(photo).getByLabelText("First reminder after (days)");
    await user.clear(after);
    await user.type(after, "5");
    await user.click(screen.getByRole("button", { name: "Save the reminders" }));
    await waitFor(() => expect(api.to("PUT /api/settings/reminders")).toHaveLength(1));
    expect(api.to("PUT /api/settings/reminders")[0]?.body).toEqual({
      ...DEFAULT_REMINDER_RULES,
      photoRejected: { enabled: true, afterDays: 5, repeatDays: 7, maxTimes: 3 },
      version: 2,
    });
  });

  it("switches on the reminder of documents to sign online, with its own times", async () => {
    const api = stubApi({ "GET /api/settings/reminders": ok(PAGE), "PUT /api/settings/reminders": ok(PAGE) });
    await open("es");
    const user = userEvent.setup();
    const signing = await screen.findByRole("group", { name: "Documentos para firmar en línea" });
    expect(signing.textContent).toContain("Se cuenta desde el día en que cada documento quedó para firmar");
    await user.click(within(signing).getByRole("switch", { name: "Enviar este recordatorio" }));
    const repeat = within(signing).getByLabelText("Luego de nuevo cada (días)");
    await user.clear(repeat);
    await user.type(repeat, "4");
    await user.click(screen.getByRole("button", { name: "Guardar los recordatorios" }));
    await waitFor(() => expect(api.to("PUT /api/settings/reminders")).toHaveLength(1));
    expect(api.to("PUT /api/settings/reminders")[0]?.body).toEqual({
      ...DEFAULT_REMINDER_RULES,
      signaturesPending: { enabled: true, afterDays: 3, repeatDays: 4, maxTimes: 3 },
      version: 2,
    });
  });

  it("says what is wrong under the field, before sending and from the server", async () => {
    const api = stubApi({
      "GET /api/settings/reminders": ok(PAGE),
      "PUT /api/settings/reminders": apiError(400, "VALIDATION_ERROR", "Invalid", {
        "draftNotSent.repeatDays": "validation.reminder.repeatDays",
      }),
    });
    await open();
    const user = userEvent.setup();
    const draft = await screen.findByRole("group", { name: "File started and not sent" });
    const times = within(draft).getByLabelText("At most (reminders in all)");
    await user.clear(times);
    await user.click(screen.getByRole("button", { name: "Save the reminders" }));
    expect(await within(draft).findByText("Enter a whole number from 1 to 10")).toBeTruthy();
    expect(api.to("PUT /api/settings/reminders")).toHaveLength(0);
    await user.type(times, "2");
    await user.click(screen.getByRole("button", { name: "Save the reminders" }));
    expect(await within(draft).findByText("Enter a whole number of days from 1 to 60")).toBeTruthy();
  });

  it("lists the latest reminders sent, in the reader's language", async () => {
    stubApi({ "GET /api/settings/reminders": ok(PAGE) });
    await open("fr");
    const table = await screen.findByRole("table", { name: "Derniers rappels envoyés" });
    const row = within(table).getByText("Ana Andrade").closest("tr") as HTMLElement;
    expect(row.textContent).toContain("Dossier non envoyé · Sofía Andrade");
    expect(row.textContent).toContain("Photo non remplacée · Mateo Andrade · INS-26-000123");
    expect(row.textContent).toContain("Documents à signer en ligne · Lucía Andrade · INS-26-000124");
    expect(row.textContent).toContain("En attente d’envoi");
    expect(row.textContent).toContain("04/12/2026");
  });
});
