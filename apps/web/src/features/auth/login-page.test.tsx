import type { SchoolYear, SessionInfo } from "@portal/shared/schemas/responses";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createChallenge, verifySolution } from "altcha-lib";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, SIGNED_OUT } from "../../test/render.tsx";
import { LoginPage } from "./login-page.tsx";

const WINDOW = { opensOn: null, closesOn: null, closedAt: null, open: false };
const year = (id: number, label: string, isCurrent: boolean): SchoolYear => ({
  id,
  label,
  isCurrent,
  enrollmentOpen: false,
  newEnrollment: WINDOW,
  reEnrollment: WINDOW,
  familyMayAct: true,
});
const YEARS = [year(7, "2026-2027", true), year(8, "2027-2028", false)];
const PASSWORD_PASSED: SessionInfo = { ...SIGNED_OUT, mfa: "verify" };
const SIGNED_IN: SessionInfo = {
  ...SIGNED_OUT,
  user: {
    id: 3,
    email: "ana@example.org",
    firstSurname: "Pérez",
    secondSurname: "",
    names: "Ana",
    phone: "0999999999",
    language: "es",
    role: "Admin",
    isTestData: false,
  },
};

async function openLogin(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi({ "GET /api/school-years": ok(YEARS), ...routes });
  const view = await renderScreen(<LoginPage />, { path: "/login" });
  // The form starts once the school years are known.
  await screen.findByRole("button", { name: "Iniciar sesión" });
  return { api, view, user: userEvent.setup() };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByRole("textbox", { name: /Correo electrónico/ }), email);
  await user.type(screen.getByLabelText(/^Contraseña/), password);
}

describe("login form", () => {
  it("says what is missing under each field and sends nothing", async () => {
    const { api, user } = await openLogin({});
    await user.selectOptions(screen.getByRole("combobox", { name: /Año lectivo/ }), "");
    await user.click(screen.getByRole("button", { name: "Iniciar sesión" }));

    expect(await screen.findByText("El correo electrónico es obligatorio")).toBeTruthy();
    expect(screen.getByText("La contraseña es obligatoria")).toBeTruthy();
    expect(screen.getByText("El año lectivo es obligatorio")).toBeTruthy();
    expect(api.to("POST /api/auth/login")).toHaveLength(0);
  });

  it("sends the current school year, preselected, with the address and password", async () => {
    const { api, user } = await openLogin({ "POST /api/auth/login": ok(SIGNED_IN) });
    expect((screen.getByRole("combobox", { name: /Año lectivo/ }) as HTMLSelectElement).value).toBe("7");
    await fillIn(user, "ana@example.org", "secreta 1");
    await user.click(screen.getByRole("button", { name: "Iniciar sesión" }));

    await waitFor(() => expect(api.to("POST /api/auth/login")).toHaveLength(1));
    expect(api.to("POST /api/auth/login")[0]?.body).toEqual({
      schoolYearId: 7,
      email: "ana@example.org",
      password: "secreta 1",
    });
  });

  it("asks for the captcha when the server does, and sends its solved proof of work with the next try", async () => {
    const challenge = await createChallenge({ hmacKey: "test-key", maxNumber: 200 });
    const { api, user } = await openLogin({
      "POST /api/auth/login": apiError(400, "CAPTCHA_REQUIRED", "Marque «No soy un robot».", { captcha: "" }),
      "GET /api/auth/captcha": ok(challenge),
    });
    expect(screen.queryByRole("checkbox", { name: "No soy un robot" })).toBeNull();
    await fillIn(user, "ana@example.org", "secreta 1");
    await user.click(screen.getByRole("button", { name: "Iniciar sesión" }));

    const box = await screen.findByRole("checkbox", { name: "No soy un robot" });
    // The server's message is shown with the box it points at.
    expect(screen.getByText("Marque «No soy un robot».")).toBeTruthy();
    await user.click(box);
    // Solved here, by altcha-lib's real proof of work (a small range keeps it quick).
    expect(await screen.findByText("Verificado", {}, { timeout: 5000 })).toBeTruthy();

    api.answer("POST /api/auth/login", ok(SIGNED_IN));
    await user.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    await waitFor(() => expect(api.to("POST /api/auth/login")).toHaveLength(2));
    const [first, second] = api.to("POST /api/auth/login").map((request) => request.body as { captcha?: string });
    expect(first).not.toHaveProperty("captcha");
    expect(await verifySolution(second?.captcha ?? "", "test-key")).toBe(true);
  });

  it("shows the second step once the password has passed, and sends the code typed there", async () => {
    const { api, user } = await openLogin({
      "POST /api/auth/login": ok(PASSWORD_PASSED),
      "POST /api/auth/mfa/verify": apiError(400, "VALIDATION_ERROR", "Datos no válidos", {
        code: "El código no es válido.",
      }),
    });
    await fillIn(user, "ana@example.org", "secreta 1");
    await user.click(screen.getByRole("button", { name: "Iniciar sesión" }));

    expect(await screen.findByRole("heading", { name: "Verificación en dos pasos" })).toBeTruthy();
    expect(screen.queryByLabelText(/^Contraseña/)).toBeNull();
    const code = screen.getByRole("textbox", { name: /Código de verificación/ });
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    expect(await screen.findByText("Escriba el código")).toBeTruthy();
    expect(api.to("POST /api/auth/mfa/verify")).toHaveLength(0);

    await user.type(code, "123 456");
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    expect(await screen.findByText("El código no es válido.")).toBeTruthy();
    expect(api.to("POST /api/auth/mfa/verify")[0]?.body).toEqual({ code: "123456" });
  });

  it("goes back to the password form from the second step", async () => {
    const { user } = await openLogin({ "POST /api/auth/login": ok(PASSWORD_PASSED) });
    await fillIn(user, "ana@example.org", "secreta 1");
    await user.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    await user.click(await screen.findByRole("button", { name: "Volver al inicio de sesión" }));
    const form = await screen.findByRole("heading", { name: "Iniciar sesión" });
    expect(within(form.parentElement as HTMLElement).getByLabelText(/^Contraseña/)).toBeTruthy();
  });
});
