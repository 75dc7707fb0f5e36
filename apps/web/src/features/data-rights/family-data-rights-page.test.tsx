import type { FamilyDataRights, FamilyDataRightsRequest } from "@portal/shared/schemas/data-rights";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { FamilyDataRightsPage } from "./family-data-rights-page.tsx";

const family = signedInSession("en");

const request = (over: Partial<FamilyDataRightsRequest>): FamilyDataRightsRequest => ({
  id: 3,
  kind: "access",
  subject: "family",
  studentName: null,
  actor: "representative",
  description: "What do you hold about us?",
  state: "received",
  filedAt: "2026-12-01T15:00:00.000Z",
  deadline: "2026-12-16",
  daysLeft: 9,
  answer: null,
  closedAt: null,
  ...over,
});

const STUDENTS: FamilyDataRights["students"] = [
  { id: 11, name: "Lucía Pérez", mayActAlone: false },
  { id: 12, name: "Mateo Pérez", mayActAlone: true },
];

async function open(requests: FamilyDataRightsRequest[] = []) {
  const api = stubApi({
    "GET /api/account/data-rights": ok({ requests, students: STUDENTS }),
    "POST /api/account/data-rights": { status: 201, body: request({ kind: "erasure", studentName: "Lucía Pérez" }) },
  });
  await renderScreen(<FamilyDataRightsPage />, {
    session: family,
    language: "en",
    namespaces: ["account", "dataRights"],
  });
  return { api, user: userEvent.setup() };
}

describe("the family's data-rights requests screen", () => {
  it("files an erasure request about one of its children", async () => {
    const { api, user } = await open();
    expect(await screen.findByRole("heading", { level: 1, name: "My requests about my data" })).toBeTruthy();
    expect(await screen.findByText("You have not made any request yet.")).toBeTruthy();
    await user.selectOptions(screen.getByRole("combobox", { name: "What do you ask for?" }), "erasure");
    await user.selectOptions(screen.getByRole("combobox", { name: "About whom?" }), "Lucía Pérez");
    // Lucía is under 15: her representative acts, no choice offered.
    expect(screen.queryByRole("radiogroup", { name: "Who makes the request?" })).toBeNull();
    await user.type(screen.getByRole("textbox", { name: "Your request" }), "Please erase her old photos.");
    await user.click(screen.getByRole("button", { name: "Send the request" }));
    await waitFor(() => expect(api.to("POST /api/account/data-rights")).toHaveLength(1));
    expect(api.to("POST /api/account/data-rights")[0]?.body).toEqual({
      kind: "erasure",
      subject: "student",
      studentId: 11,
      actor: "representative",
      description: "Please erase her old photos.",
    });
    // The list is read again after filing.
    await waitFor(() => expect(api.to("GET /api/account/data-rights")).toHaveLength(2));
  });

  it("offers the adolescent's own request only for a child of 15 or more", async () => {
    const { api, user } = await open();
    await user.selectOptions(await screen.findByRole("combobox", { name: "About whom?" }), "Mateo Pérez");
    await user.click(screen.getByRole("radio", { name: "The adolescent, for themselves" }));
    await user.type(screen.getByRole("textbox", { name: "Your request" }), "I want to see my own data.");
    await user.click(screen.getByRole("button", { name: "Send the request" }));
    await waitFor(() => expect(api.to("POST /api/account/data-rights")).toHaveLength(1));
    expect(api.to("POST /api/account/data-rights")[0]?.body).toMatchObject({ studentId: 12, actor: "adolescent" });
  });

  it("says what is wrong before sending, and shows the server's refusal under its field", async () => {
    const { api, user } = await open();
    await user.type(await screen.findByRole("textbox", { name: "Your request" }), "Too short");
    await user.click(screen.getByRole("button", { name: "Send the request" }));
    expect(await screen.findByText("The text is too short")).toBeTruthy();
    expect(api.to("POST /api/account/data-rights")).toHaveLength(0);

    api.answer(
      "POST /api/account/data-rights",
      apiError(400, "DATA_RIGHTS_STUDENT_UNKNOWN", "Choose one of your own children, or the whole family.", {
        studentId: "",
      }),
    );
    await user.type(screen.getByRole("textbox", { name: "Your request" }), " — long enough now.");
    await user.click(screen.getByRole("button", { name: "Send the request" }));
    expect(await screen.findByText("Choose one of your own children, or the whole family.")).toBeTruthy();
  });

  it("shows each request's state, dates, days left and the school's answer", async () => {
    await open([
      request({ id: 4, state: "answered", answer: "Attached is your data.", closedAt: "2026-12-05T15:00:00.000Z" }),
      request({ id: 3, kind: "opposition", studentName: "Lucía Pérez", subject: "student", daysLeft: -2 }),
    ]);
    expect(await screen.findByRole("heading", { name: "Access — The whole family" })).toBeTruthy();
    expect(screen.getByText("Answered")).toBeTruthy();
    expect(screen.getByText("Attached is your data.")).toBeTruthy();
    expect(screen.getByText(/The school's answer/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Opposition — Lucía Pérez" })).toBeTruthy();
    expect(screen.getByText("Overdue by 2 days")).toBeTruthy();
    expect(screen.getAllByText(/Answer due by 16\/12\/2026/)).toHaveLength(2);
  });

  it("lists the page in the account menu", async () => {
    await open();
    expect(await screen.findByRole("link", { name: "My requests about my data" })).toBeTruthy();
  });
});
