import { renderHook, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endDeskMode, startDeskMode } from "../../lib/desk-mode.ts";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { DeskGate } from "./desk-gate.tsx";
import { StepSavedBy } from "./step-kit/step-draft-notice.tsx";

// The wizard at the desk (docs/rules/staff-workflow.md "Walk-in families"); the desk's own pages:
// features/desk/desk-pages.test.tsx.
const secretaria = signedInSession("en", "Secretaria");

afterEach(() => endDeskMode());

const wizard = (
  <DeskGate>
    <p>the wizard</p>
  </DeskGate>
);

describe("the wizard at the desk", () => {
  it("names the family it is filled in for, with the way back to its page", async () => {
    startDeskMode({
      id: 12,
      name: "Rosa Elena Quishpe",
      staffId: secretaria.user?.id ?? 0,
      holder: { firstSurname: "Quishpe", secondSurname: "", names: "Rosa Elena", email: "", phone: "0987654321" },
    });
    await renderScreen(wizard, { session: secretaria, language: "en", namespaces: ["desk"] });
    expect(screen.getByText("Filling in for the family Rosa Elena Quishpe")).toBeTruthy();
    expect(screen.getByText("the wizard")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the family's page" }).getAttribute("href")).toBe(
      "/portal/desk/families/12",
    );
  });

  it("keeps a staff member out of the wizard until a family is chosen", async () => {
    await renderScreen(wizard, { session: secretaria, language: "en", namespaces: ["desk"] });
    expect(screen.getByText("Choose a family first")).toBeTruthy();
    expect(screen.queryByText("the wizard")).toBeNull();
    expect(screen.getByRole("link", { name: "Go to the walk-in enrollment" }).getAttribute("href")).toBe(
      "/portal/desk/new-family",
    );
  });

  it("is the family's own wizard for a family, whatever another account left in this tab", async () => {
    startDeskMode({
      id: 12,
      name: "Rosa Elena Quishpe",
      staffId: 99,
      holder: { firstSurname: "Quishpe", secondSurname: "", names: "Rosa Elena", email: "", phone: "" },
    });
    await renderScreen(wizard, { session: signedInSession("en"), language: "en", namespaces: ["desk"] });
    expect(screen.getByText("the wizard")).toBeTruthy();
    expect(screen.queryByText(/Filling in for/)).toBeNull();
  });
});

describe("what the family sees once signed in", () => {
  it("names the staff member who entered a step at the office, and when", async () => {
    await renderScreen(
      <StepSavedBy savedBy={{ name: "Eva Mora", school: true, atDesk: true, at: "2026-12-07T15:30:00.000Z" }} />,
      { session: signedInSession("en"), language: "en", namespaces: ["enrollment"] },
    );
    expect(screen.getByText(/^Entered at the office by Eva Mora, /)).toBeTruthy();
  });
});

describe("the desk mode in this tab's storage", () => {
  it("keeps only the ids (no name, no contact details), and reads the family again after a reload", async () => {
    startDeskMode({
      id: 12,
      name: "Rosa Elena Quishpe",
      staffId: secretaria.user?.id ?? 0,
      holder: { firstSurname: "Quishpe", secondSurname: "", names: "Rosa Elena", email: "", phone: "0987654321" },
    });
    const stored = sessionStorage.getItem("portal.deskFamily") ?? "";
    expect(JSON.parse(stored)).toEqual({ id: 12, staffId: secretaria.user?.id ?? 0 });
    expect(stored).not.toMatch(/Quishpe|0987654321/);

    // A reload: the module starts again from the storage, and asks the server for the rest.
    vi.resetModules();
    const api = stubApi({
      "GET /api/desk/families/12": ok({
        id: 12,
        firstSurname: "Quishpe",
        secondSurname: "",
        names: "Rosa Elena",
        email: null,
        phone: "0987654321",
      }),
    });
    const reloaded = await import("../../lib/desk-mode.ts");
    expect(reloaded.deskFamilyMode()).toMatchObject({ id: 12, name: "", holder: null });
    const { result } = renderHook(() => reloaded.useDeskFamilyMode(secretaria.user?.id));
    await waitFor(() => expect(result.current?.name).toBe("Rosa Elena Quishpe"));
    expect(result.current?.holder).toMatchObject({ names: "Rosa Elena", phone: "0987654321" });
    expect(api.to("GET /api/desk/families/12")).toHaveLength(1);
    reloaded.endDeskMode();
  });
});
