import type { ErasurePreview } from "@portal/shared/schemas/erasure";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen } from "../../test/render.tsx";
import { ErasureSection } from "./erasure-section.tsx";

const preview = (over: Partial<ErasurePreview> = {}): ErasurePreview => ({
  scope: "applicant",
  studentName: "Zoé Borrable",
  familyErasable: true,
  removed: [
    { item: "students", count: 1 },
    { item: "photos", count: 3 },
  ],
  kept: [{ item: "auditEntries", count: 2, reason: "accountability" }],
  nothingToErase: false,
  ...over,
});

async function open(answer = preview()) {
  const api = stubApi({
    "GET /api/requests/5/erasure": ok(answer),
    "POST /api/requests/5/erasure": ok({ reference: "r", removed: [], filesPending: 0, requestKept: false }),
  });
  const view = await renderScreen(<ErasureSection requestId={5} listPath="/list" />, {
    language: "en",
    namespaces: ["inscriptions"],
    routes: { "/list": <p>the list</p> },
  });
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Erase personal data…" }));
  return { api, user, view };
}

describe("the erasure dialog", () => {
  it("lists what goes and what stays with the reason, and erases only once the name is typed", async () => {
    const { api, user } = await open();
    expect(await screen.findByText("1 student record")).toBeTruthy();
    expect(screen.getByText("3 photos")).toBeTruthy();
    expect(
      screen.getByText(/2 audit entries, without the child's data — the school's record of who did what/),
    ).toBeTruthy();
    const erase = screen.getByRole("button", { name: "Erase for good" });
    expect(erase.hasAttribute("disabled")).toBe(true);
    const field = screen.getByLabelText("To confirm, type the child's name: Zoé Borrable");
    await user.type(field, "Zoé Borrabl");
    await user.click(erase);
    expect(api.to("POST /api/requests/5/erasure")).toHaveLength(0);
    await user.type(field, "E");
    await user.click(screen.getByRole("button", { name: "Erase for good" }));
    expect(await screen.findByText("the list")).toBeTruthy();
    expect(api.to("POST /api/requests/5/erasure")[0]?.body).toEqual({
      scope: "applicant",
      confirmName: "Zoé BorrablE",
    });
  });

  it("asks for the whole family's preview when the box is ticked", async () => {
    const { api, user } = await open();
    await user.click(await screen.findByRole("checkbox", { name: /Also erase the whole family/ }));
    expect(api.sent.some((r) => r.path === "/api/requests/5/erasure?scope=family")).toBe(true);
  });

  it("says when only the enrollment record is left, with the reason, and offers no erasure", async () => {
    await open(
      preview({
        familyErasable: false,
        removed: [],
        kept: [{ item: "enrollmentFiles", count: 1, reason: "enrollmentRecord" }],
        nothingToErase: true,
      }),
    );
    expect(await screen.findByText(/Nothing is left to erase for this child/)).toBeTruthy();
    expect(screen.getByText(/the school must keep the academic and contractual record/)).toBeTruthy();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.getByRole("button", { name: "Erase for good" }).hasAttribute("disabled")).toBe(true);
  });
});
