import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { register } from "./support/register.ts";
import { linkToken, waitForMail } from "./support/smtp.ts";
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  loginAs,
  signedInAs,
  TEST_PASSWORD,
  type TestApp,
} from "./support/test-app.ts";

// Wherever a password is set, breached passwords and ones holding the e-mail's local
// part or a name are refused with a code and a translated message under the password field.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const unique = (label: string) => `${label}${randomUUID().slice(0, 6)}`;
const both = (password: string) => ({ password, passwordConfirmation: password });

function expectRefused(response: Awaited<ReturnType<typeof call>>, code: string, message?: string) {
  expect(response.statusCode, response.body).toBe(400);
  const error = errorOf(response);
  expect(error.code).toBe(code);
  // The field is marked; "" means its message is the error's own (the forms show that one).
  expect(error.fields).toEqual({ password: "" });
  if (message) expect(error.message).toBe(message);
}

describe("password policy", () => {
  // Signed-out pages answer in the browser's language (Spanish by default).
  it("sign-up refuses a breached password, the e-mail's local part and a name; saves nothing", async () => {
    const local = unique("florencia");
    const email = `${local}@test.local`;
    expectRefused(
      await register(t, email, both("Password1!")),
      "COMMON_PASSWORD",
      "Esta contraseña es demasiado común. Elija otra.",
    );
    expectRefused(
      await register(t, email, both(`my ${local.toUpperCase()} passphrase`)),
      "PASSWORD_PERSONAL",
      "La contraseña no puede contener su correo electrónico ni su nombre. Elija otra.",
    );
    // The register helper's names: "María José" Andrade; accents and case do not matter.
    expectRefused(await register(t, email, both("jose likes long walks")), "PASSWORD_PERSONAL");
    expectRefused(await register(t, email, both("ANDRADE family 2025")), "PASSWORD_PERSONAL");
    const rows = await t.ctx.db.selectFrom("users").select("id").where("email", "=", email).execute();
    expect(rows).toHaveLength(0);
    expect((await register(t, email)).statusCode).toBe(202);
  });

  it("the reset refuses them too, and a refused password leaves the link usable", async () => {
    const user = await createUser(t, { language: "en" });
    const before = t.mails.length;
    await call(t, { method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
    const token = linkToken(await waitForMail(t.mails, user.email, before), "/reset-password");
    const reset = (password: string) =>
      call(t, {
        method: "POST",
        url: "/api/auth/reset-password",
        headers: { "accept-language": "en" },
        payload: { token, ...both(password) },
      });
    expectRefused(await reset("iloveyou2024"), "COMMON_PASSWORD", "This password is too common. Choose another one.");
    expectRefused(await reset(`${user.email.split("@")[0]} is me`), "PASSWORD_PERSONAL");
    // createUser's names: "Ana Lucía" Pérez Gómez.
    expectRefused(await reset("senora perez de quito"), "PASSWORD_PERSONAL");
    expect((await reset("quiet mountain river stones")).statusCode).toBe(200);
    await loginAs(t, user.email, "quiet mountain river stones");
  });

  it("the change of password refuses them, keeping the old one", async () => {
    const me = await signedInAs(t, "User");
    const change = (password: string) =>
      call(t, {
        method: "POST",
        url: "/api/account/password",
        cookie: me.cookie,
        payload: { currentPassword: TEST_PASSWORD, ...both(password) },
      });
    expectRefused(await change("P@ssw0rd2024"), "COMMON_PASSWORD");
    expectRefused(await change("LUCIA forever and ever"), "PASSWORD_PERSONAL");
    // Words after the local part: "user-<8 hex>!!" was "user" once stripped of its digits and
    // symbols whenever the random hex had no letter (≈ 2 % of runs), a common password.
    expectRefused(await change(`${me.email.split("@")[0]} rocks`), "PASSWORD_PERSONAL");
    await loginAs(t, me.email, TEST_PASSWORD);
  });

  it("an invited staff member's first password (account activation) follows the same rules", async () => {
    const admin = await signedInAs(t, "Admin");
    const local = unique("invitee");
    const email = `${local}@test.local`;
    const before = t.mails.length;
    const invited = await call(t, {
      method: "POST",
      url: "/api/users/invitations",
      cookie: admin.cookie,
      payload: {
        firstSurname: "Villacís",
        secondSurname: "",
        names: "Rosario",
        email,
        role: "Consulta",
        language: "es",
      },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = linkToken(await waitForMail(t.mails, email, before), "/account-activate");
    const accept = (password: string) =>
      call(t, { method: "POST", url: "/api/auth/invitation/accept", payload: { token, ...both(password) } });
    expectRefused(await accept("sunshine!!"), "COMMON_PASSWORD", "Esta contraseña es demasiado común. Elija otra.");
    expectRefused(await accept("villacis at the office"), "PASSWORD_PERSONAL");
    expectRefused(await accept(`${local} at the office`), "PASSWORD_PERSONAL");
    expect((await accept("quiet mountain river stones")).statusCode).toBe(200);
    await loginAs(t, email, "quiet mountain river stones");
  });

  it("keeps 8 to 128 characters with no composition rules", async () => {
    const email = `${unique("len")}@test.local`;
    const short = await register(t, email, both("seven c"));
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).code).toBe("VALIDATION_ERROR");
    const long = await register(t, email, both("x".repeat(129)));
    expect(errorOf(long).code).toBe("VALIDATION_ERROR");
    expect((await register(t, email, both("all lower case words only"))).statusCode).toBe(202);
  });
});
