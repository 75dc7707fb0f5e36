import type { SchoolYear } from "@portal/shared/schemas/responses";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen } from "../../test/render.tsx";
import { LoginPage } from "./login-page.tsx";

const WINDOW = { opensOn: null, closesOn: null, closedAt: null, open: false };
const YEARS: SchoolYear[] = [
  {
    id: 7,
    label: "2026-2027",
    isCurrent: true,
    enrollmentOpen: false,
    newEnrollment: WINDOW,
    reEnrollment: WINDOW,
    familyMayAct: true,
  },
];

async function openLogin(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ "GET /api/school-years": ok(YEARS), ...routes });
  await renderScreen(<LoginPage />, { path: "/login" });
  await screen.findByRole("button", { name: "Iniciar sesión" });
  return {
    api,
    user: userEvent.setup(),
    email: screen.getByRole("textbox", { name: /Correo electrónico/ }),
    password: screen.getByLabelText(/^Contraseña/),
  };
}

// The login form keeps its own state instead of react-hook-form's (login-form-state.ts): the same
// rules as the app's other forms.
describe("login form's own state", () => {
  it("focuses the first field with a message, and takes a message away once the field is right", async () => {
    const { user, email, password } = await openLogin();
    await user.type(password, "secreta 1");
    await user.click(screen.getByRole("button", { name: "Iniciar sesión" }));

    expect(await screen.findByText("El correo electrónico es obligatorio")).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(screen.queryByText("La contraseña es obligatoria")).toBeNull();

    await user.type(email, "ana@example.org");
    await waitFor(() => expect(screen.queryByText("El correo electrónico es obligatorio")).toBeNull());
    // A change re-checks the changed field only: the password's state is untouched.
    await user.clear(password);
    expect(await screen.findByText("La contraseña es obligatoria")).toBeTruthy();
  });

  it("shows the server's message under its field and focuses it, and sends the typed values", async () => {
    const { api, user, email, password } = await openLogin({
      "POST /api/auth/login": apiError(400, "VALIDATION_ERROR", "Datos no válidos", {
        password: "La contraseña no es válida.",
      }),
    });
    await user.type(email, "ana@example.org");
    await user.type(password, "secreta 1");
    await user.click(screen.getByRole("button", { name: "Iniciar sesión" }));

    expect(await screen.findByText("La contraseña no es válida.")).toBeTruthy();
    expect(document.activeElement).toBe(password);
    // The message is on the field, not repeated in the form's alert.
    expect(screen.queryByText("Datos no válidos")).toBeNull();
    expect(api.to("POST /api/auth/login")[0]?.body).toEqual({
      schoolYearId: 7,
      email: "ana@example.org",
      password: "secreta 1",
    });
  });
});
