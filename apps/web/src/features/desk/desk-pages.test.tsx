import type { DeskFamily } from "@portal/shared/schemas/desk";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { deskFamilyMode, deskHeaders, endDeskMode } from "../../lib/desk-mode.ts";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { DeskFamilyPage } from "./desk-family-page.tsx";
import { NewFamilyPage } from "./new-family-page.tsx";

const secretaria = signedInSession("en", "Secretaria");

const family = (over: Partial<DeskFamily> = {}): DeskFamily => ({
  id: 12,
  names: "Rosa Elena",
  firstSurname: "Quishpe",
  secondSurname: "Tamayo",
  typeIdentification: 1,
  documentNumber: "1710034065",
  phone: "+593 98 765 4321",
  language: "es",
  email: null,
  claimed: false,
  createdAt: "2026-12-07T15:00:00.000Z",
  createdBy: "Ana Pérez",
  invitation: null,
  students: [],
  ...over,
});

afterEach(() => endDeskMode());

describe("a new walk-in family", () => {
  it("sends the representative's details without an empty e-mail, then opens the family's page", async () => {
    const api = stubApi({ "POST /api/desk/families": { status: 201, body: { id: 12 } } });
    const user = userEvent.setup();
    const { router } = await renderScreen(<NewFamilyPage />, {
      session: secretaria,
      language: "en",
      namespaces: ["desk"],
    });
    expect(screen.getByRole("heading", { level: 1, name: "New walk-in family" })).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: /^Names/ }), "Rosa Elena");
    await user.type(screen.getByRole("textbox", { name: /^First surname/ }), "Quishpe");
    await user.selectOptions(screen.getByRole("combobox", { name: "Identification type" }), "2");
    await user.type(screen.getByRole("textbox", { name: /^Identification number/ }), "AB12345");
    await user.type(screen.getByRole("textbox", { name: /^Phone/ }), "0987654321");
    await user.click(screen.getByRole("button", { name: "Create the family account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/portal/desk/families/12"));
    expect(api.to("POST /api/desk/families")[0]?.body).toEqual({
      names: "Rosa Elena",
      firstSurname: "Quishpe",
      secondSurname: "",
      typeIdentification: 2,
      documentNumber: "AB12345",
      phone: "0987654321",
      language: "en",
    });
  });

  it("names the family an identification belongs to, with a link to open it instead", async () => {
    stubApi({
      "POST /api/desk/families": {
        status: 409,
        body: {
          error: {
            code: "IDENTIFICATION_KNOWN",
            message:
              "This identification is already known: it belongs to the family Rosa Elena Quishpe. Open that family instead.",
            fields: { documentNumber: "" },
            details: { familyId: 9 },
          },
        },
      },
    });
    const user = userEvent.setup();
    await renderScreen(<NewFamilyPage />, { session: secretaria, language: "en", namespaces: ["desk"] });
    await user.type(screen.getByRole("textbox", { name: /^Names/ }), "Rosa");
    await user.click(screen.getByRole("button", { name: "Create the family account" }));
    const alert = await screen.findByRole("alert", { name: "This identification is already known" });
    expect(alert.textContent).toContain("it belongs to the family Rosa Elena Quishpe");
    expect(screen.getByRole("link", { name: "Open that family" }).getAttribute("href")).toBe("/portal/desk/families/9");
  });
});

describe("a walk-in family's page", () => {
  it("adds the e-mail and sends the invitation; with the mail server down it says the invitation waits", async () => {
    const api = stubApi({
      "GET /api/desk/families/12": ok(family()),
      "PUT /api/desk/families/12/email": ({ body }) => ok(family({ email: (body as { email: string }).email })),
      "POST /api/desk/families/12/invitation": ok(
        family({
          email: "rosa@example.org",
          invitation: {
            status: "pending",
            queuedAt: "2026-12-07T16:00:00.000Z",
            expiresAt: "2026-12-09T16:00:00.000Z",
          },
        }),
      ),
    });
    const user = userEvent.setup();
    await renderScreen(<DeskFamilyPage />, {
      session: secretaria,
      language: "en",
      namespaces: ["desk"],
      path: "/portal/desk/families/12",
      routes: { "/portal/desk/families/:id": <DeskFamilyPage /> },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Family Rosa Elena Quishpe Tamayo" })).toBeTruthy();
    expect(screen.getByText("No e-mail yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send the invitation" }).hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "rosa@example.org");
    await user.click(screen.getByRole("button", { name: "Save the e-mail" }));
    await waitFor(() =>
      expect(api.to("PUT /api/desk/families/12/email")[0]?.body).toEqual({ email: "rosa@example.org" }),
    );
    await user.click(await screen.findByRole("button", { name: "Send the invitation" }));
    expect(await screen.findByText(/is waiting in the outbox/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send the invitation again" })).toBeTruthy();
  });

  it("opens the family's wizard at the desk: its calls then act for the family", async () => {
    stubApi({ "GET /api/desk/families/12": ok(family({ students: [{ id: 3, name: "Mateo Quishpe" }] })) });
    const user = userEvent.setup();
    const { router } = await renderScreen(<DeskFamilyPage />, {
      session: secretaria,
      language: "en",
      namespaces: ["desk"],
      path: "/portal/desk/families/12",
      routes: {
        "/portal/desk/families/:id": <DeskFamilyPage />,
        "/portal/inscripciones/bienvenido": <p>the wizard</p>,
      },
    });
    expect(await screen.findByText("Mateo Quishpe")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Fill in the enrollment for this family" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/portal/inscripciones/bienvenido"));
    expect(screen.getByText("the wizard")).toBeTruthy();
    expect(deskFamilyMode()?.name).toBe("Rosa Elena Quishpe Tamayo");
    expect(deskFamilyMode()?.holder).toMatchObject({ names: "Rosa Elena", phone: "+593 98 765 4321" });
    expect(deskHeaders("/api/enrollment/cards")).toEqual({ "x-desk-family": "12" });
    expect(deskHeaders("/api/requests")).toEqual({});
  });
});
