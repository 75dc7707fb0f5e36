import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createChallenge, verifySolution } from "altcha-lib";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen } from "../../test/render.tsx";
import { ForgotPasswordPage } from "./forgot-password-page.tsx";

const SUBMIT = "Enviar enlace";

/* Forgot-password asks for the sign-up's captcha once the server wants one (docs/security.md, "Throttling and captcha"). */

describe("forgot-password page", () => {
  it("shows the captcha only when the server asks, refuses to send it unsolved, then sends the solved proof", async () => {
    const challenge = await createChallenge({ hmacKey: "test-key", maxNumber: 200 });
    const api = stubApi({
      "POST /api/auth/forgot-password": apiError(400, "EMAIL_LINK_CAPTCHA_REQUIRED", "Marque «No soy un robot».", {
        captcha: "",
      }),
      "GET /api/auth/captcha": ok(challenge),
    });
    await renderScreen(<ForgotPasswordPage />, { path: "/forgot-password" });
    const user = userEvent.setup();
    expect(screen.queryByRole("checkbox", { name: "No soy un robot" })).toBeNull();
    await user.type(await screen.findByRole("textbox", { name: /Correo electrónico/ }), "ana@example.org");
    const submit = screen.getByRole("button", { name: SUBMIT });
    await user.click(submit);

    // The box's code loads when first asked for.
    const box = await screen.findByRole("checkbox", { name: "No soy un robot" }, { timeout: 10_000 });
    expect(screen.getByText("Marque «No soy un robot».")).toBeTruthy();
    // Unsolved: nothing is sent, the box says why.
    await user.click(submit);
    expect(await screen.findByText("Confirme que no es un robot")).toBeTruthy();
    expect(api.to("POST /api/auth/forgot-password")).toHaveLength(1);

    await user.click(box);
    expect(await screen.findByText("Verificado", {}, { timeout: 5000 })).toBeTruthy();
    api.answer("POST /api/auth/forgot-password", { status: 202, body: { ok: true } });
    await user.click(submit);
    await waitFor(() => expect(api.to("POST /api/auth/forgot-password")).toHaveLength(2));
    const [first, second] = api.to("POST /api/auth/forgot-password").map((r) => r.body as { captcha?: string });
    expect(first).toEqual({ email: "ana@example.org" });
    expect(await verifySolution(second?.captcha ?? "", "test-key")).toBe(true);
    expect(await screen.findByText(/Si existe una cuenta con este correo electrónico/)).toBeTruthy();
  });
});
