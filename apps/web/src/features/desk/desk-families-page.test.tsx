import type { DeskFamilyList, DeskFamilyListItem } from "@portal/shared/schemas/desk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { DeskFamiliesPage } from "./desk-families-page.tsx";

const row = (over: Partial<DeskFamilyListItem> = {}): DeskFamilyListItem => ({
  id: 12,
  name: "Rosa Elena Quishpe Tamayo",
  typeIdentification: 1,
  documentNumber: "1710034065",
  emailState: "invited",
  requestCount: 2,
  latestStatus: "Accepted",
  createdAt: "2026-12-07T15:00:00.000Z",
  createdBy: "Ana Pérez",
  ...over,
});

const page = (items: DeskFamilyListItem[], over: Partial<DeskFamilyList> = {}): DeskFamilyList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  ...over,
});

const open = (language: "es" | "en" | "fr" = "en", path = "/portal/desk/families") =>
  renderScreen(<DeskFamiliesPage />, {
    session: signedInSession(language, "Secretaria"),
    language,
    namespaces: ["desk", "inscriptions"],
    path,
  });

describe("the desk's families", () => {
  it("lists each family with its e-mail state, requests and creator, linking to its page", async () => {
    stubApi({
      "GET /api/desk/families": ok(
        page([
          row(),
          row({
            id: 13,
            name: "Luis Ortega",
            emailState: "none",
            requestCount: 0,
            latestStatus: null,
            createdBy: null,
          }),
        ]),
      ),
    });
    await open();
    expect(screen.getByRole("heading", { level: 1, name: "Walk-in families" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Families created at the office" });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]!).getByRole("link", { name: "Rosa Elena Quishpe Tamayo" }).getAttribute("href")).toBe(
      "/portal/desk/families/12",
    );
    expect(within(rows[1]!).getByText("Invitation sent")).toBeTruthy();
    expect(within(rows[1]!).getByText("2 requests")).toBeTruthy();
    expect(within(rows[1]!).getByText("Accepted")).toBeTruthy();
    expect(within(rows[1]!).getByText("by Ana Pérez")).toBeTruthy();
    expect(within(rows[2]!).getByText("No e-mail")).toBeTruthy();
    expect(within(rows[2]!).getByText("No request")).toBeTruthy();
    expect(screen.getByTestId("list-range").textContent).toBe("1–2 of 2 families");
    expect(screen.getByRole("link", { name: "New walk-in family" }).getAttribute("href")).toBe(
      "/portal/desk/new-family",
    );
  });

  it("searches the identification typed, keeps it in the URL, and says when nothing matches", async () => {
    const api = stubApi({
      "GET /api/desk/families": ok(page([row()])),
      "GET /api/desk/families?q=0999999999": ok(page([])),
    });
    const user = userEvent.setup();
    const { router } = await open();
    await screen.findByRole("table");
    await user.type(screen.getByRole("searchbox", { name: /^Search/ }), "0999999999{Enter}");
    expect(await screen.findByText("No family created at the office matches “0999999999”.")).toBeTruthy();
    expect(router.state.location.search).toBe("?q=0999999999");
    expect(api.sent.map((request) => request.path)).toContain("/api/desk/families?q=0999999999");
  });

  it("asks for the page chosen, and drops a page size the server would refuse", async () => {
    const api = stubApi({
      "GET /api/desk/families?page=2": ok(page([row()], { total: 26, page: 2 })),
    });
    await open("en", "/portal/desk/families?page=2&pageSize=7");
    expect(await screen.findByText("26–26 of 26 families")).toBeTruthy();
    expect(api.to("GET /api/desk/families").map((request) => request.path)).toEqual(["/api/desk/families?page=2"]);
  });

  it("says so when no family was created yet, in French", async () => {
    stubApi({ "GET /api/desk/families": ok(page([])) });
    await open("fr");
    expect(await screen.findByText("Aucune famille n’a encore été créée au secrétariat.")).toBeTruthy();
  });

  it("shows the server's refusal in words, with a way to try again", async () => {
    const api = stubApi({
      "GET /api/desk/families": apiError(503, "UNAVAILABLE", "The portal is busy; try again in a moment."),
    });
    const user = userEvent.setup();
    await open();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("The portal is busy; try again in a moment.")).toBeTruthy();
    api.answer("GET /api/desk/families", ok(page([row()])));
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByRole("link", { name: "Rosa Elena Quishpe Tamayo" })).toBeTruthy());
  });
});
