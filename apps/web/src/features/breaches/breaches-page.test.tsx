import type { BreachSummary } from "@portal/shared/schemas/breaches";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen } from "../../test/render.tsx";
import { BreachesPage } from "./breaches-page.tsx";

const late: BreachSummary = {
  id: 4,
  title: "Lost USB stick",
  discoveredAt: "2026-12-07T10:30",
  state: "open",
  authority: { dueOn: "2026-12-14", daysLeft: 1, overdue: false, doneOn: null },
  families: { dueOn: "2026-12-10", daysLeft: -2, overdue: true, doneOn: null },
};
const closed: BreachSummary = {
  id: 3,
  title: "Wrong recipient",
  discoveredAt: "2026-11-02T09:00",
  state: "closed",
  authority: { dueOn: "2026-11-09", daysLeft: 3, overdue: false, doneOn: "2026-11-04" },
  families: null,
};

describe("the breach register's list", () => {
  it("shows each breach's two clocks in words, late ones named late, not by colour alone", async () => {
    stubApi({ "GET /api/breaches": ok({ items: [late, closed] }) });
    await renderScreen(<BreachesPage />, { language: "en", namespaces: ["breaches"] });
    const rows = await screen.findAllByRole("row");
    const first = within(rows[1]!);
    expect(first.getByRole("link", { name: "Lost USB stick" }).getAttribute("href")).toBe(
      "/portal/dashboards/settings/data-breaches/4",
    );
    expect(first.getByText("Open")).toBeTruthy();
    expect(first.getByText("Due December 14, 2026")).toBeTruthy();
    expect(first.getByText("1 working day left")).toBeTruthy();
    expect(first.getByText("Overdue by 2 working days")).toBeTruthy();
    const second = within(rows[2]!);
    expect(second.getByText("Closed")).toBeTruthy();
    expect(second.getByText("Done on November 4, 2026")).toBeTruthy();
    expect(second.getByText("Not required (no risk to rights)")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Record a breach" })).toBeTruthy();
  });

  it("says so when nothing is recorded, in Spanish", async () => {
    stubApi({ "GET /api/breaches": ok({ items: [] }) });
    await renderScreen(<BreachesPage />, { language: "es", namespaces: ["breaches"] });
    expect(await screen.findByText("No hay brechas registradas.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Brechas de datos" })).toBeTruthy();
  });
});
