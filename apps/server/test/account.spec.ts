import { translate } from "@portal/i18n/translate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForMail } from "./support/smtp.ts";
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

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userRow = (id: number) => t.ctx.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("GET and PATCH /api/account", () => {
  it("shows the signed-in user, without secrets", async () => {
    const me = await signedInAs(t, "Secretaria");
    const response = await call(t, { method: "GET", url: "/api/account", cookie: me.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: me.id,
      email: me.email,
      firstSurname: "Pérez",
      secondSurname: "Gómez",
      names: "Ana Lucía",
      phone: "+593 99 123 4567",
      language: "es",
      role: "Secretaria",
      isTestData: false,
    });
  });

  it("updates names, phone and language, trimmed, and later answers come in the new language", async () => {
    const me = await signedInAs(t, "User");
    const update = {
      firstSurname: "  Dubois ",
      secondSurname: "",
      names: "Jean-Pierre",
      phone: "+33 6 12 34 56 78",
      language: "fr",
    };
    const response = await call(t, { method: "PATCH", url: "/api/account", cookie: me.cookie, payload: update });
    expect(response.statusCode).toBe(200);
    const expected = {
      id: me.id,
      email: me.email,
      firstSurname: "Dubois",
      secondSurname: "",
      names: "Jean-Pierre",
      phone: "+33 6 12 34 56 78",
      language: "fr",
      role: "User",
      isTestData: false,
    };
    expect(response.json()).toEqual(expected);
    expect(response.cookies.find((c) => c.name === "portal_lang")?.value).toBe("fr");

    const fresh = await call(t, { method: "GET", url: "/api/account", cookie: me.cookie });
    expect(fresh.json()).toEqual(expected);

    // The user's stored language wins over the browser's.
    const wrong = await call(t, {
      method: "POST",
      url: "/api/account/password",
      cookie: me.cookie,
      headers: { "accept-language": "en-US,en;q=0.9" },
      payload: {
        currentPassword: "not my password",
        password: "une phrase secrète",
        passwordConfirmation: "une phrase secrète",
      },
    });
    expect(errorOf(wrong)).toMatchObject({
      code: "WRONG_CURRENT_PASSWORD",
      message: "Le mot de passe actuel n'est pas correct",
    });
    const badPhone = await call(t, {
      method: "PATCH",
      url: "/api/account",
      cookie: me.cookie,
      payload: { ...update, phone: "abc" },
    });
    expect(errorOf(badPhone).fields?.phone).toBe(translate("fr", "validation:phone"));
  });

  it("refuses a bad phone number with a field error and changes nothing", async () => {
    const me = await signedInAs(t, "User");
    const before = await userRow(me.id);
    const response = await call(t, {
      method: "PATCH",
      url: "/api/account",
      cookie: me.cookie,
      payload: { firstSurname: "Otro", secondSurname: "", names: "Nombre", phone: "call me maybe", language: "en" },
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.fields?.phone).toBe("Ingrese un número de teléfono válido");
    expect(Object.keys(error.fields ?? {})).toEqual(["phone"]);
    expect(await userRow(me.id)).toEqual(before);
    expect(response.cookies.find((c) => c.name === "portal_lang")).toBeUndefined();
  });

  it("cannot change the e-mail or the role through the account", async () => {
    const me = await signedInAs(t, "User");
    const before = await userRow(me.id);
    const response = await call(t, {
      method: "PATCH",
      url: "/api/account",
      cookie: me.cookie,
      payload: {
        firstSurname: "A",
        secondSurname: "",
        names: "B",
        phone: "+593 99 123 4567",
        language: "es",
        role: "Admin",
      },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.role).toBeTruthy();
    expect(await userRow(me.id)).toEqual(before);
  });
});

describe("POST /api/account/password", () => {
  const NEW_PASSWORD = "a completely new passphrase";

  it("refuses a wrong current password", async () => {
    const me = await signedInAs(t, "User");
    const before = await userRow(me.id);
    const response = await call(t, {
      method: "POST",
      url: "/api/account/password",
      cookie: me.cookie,
      payload: { currentPassword: "not the password", password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("WRONG_CURRENT_PASSWORD");
    expect((await userRow(me.id)).password_hash).toBe(before.password_hash);
  });

  it("refuses a common password", async () => {
    const me = await signedInAs(t, "User");
    const before = await userRow(me.id);
    const response = await call(t, {
      method: "POST",
      url: "/api/account/password",
      cookie: me.cookie,
      payload: { currentPassword: TEST_PASSWORD, password: "password123", passwordConfirmation: "password123" },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("COMMON_PASSWORD");
    expect((await userRow(me.id)).password_hash).toBe(before.password_hash);
  });

  it("changes the password, signs out the other sessions only, and tells the owner by e-mail", async () => {
    const me = await createUser(t, { language: "en" });
    const current = await loginAs(t, me.email);
    const other = await loginAs(t, me.email);
    const before = t.mails.length;
    const response = await call(t, {
      method: "POST",
      url: "/api/account/password",
      cookie: current,
      payload: { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect((await call(t, { method: "GET", url: "/api/account", cookie: other })).statusCode).toBe(401);
    expect((await call(t, { method: "GET", url: "/api/account", cookie: current })).statusCode).toBe(200);

    const mail = await waitForMail(t.mails, me.email, before);
    expect(mail.subject).toBe(
      translate("en", "email:passwordChanged.subject", { school: t.ctx.config.branding.schoolName }),
    );
    expect(mail.decoded).not.toContain(NEW_PASSWORD);

    await expect(loginAs(t, me.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(loginAs(t, me.email, NEW_PASSWORD)).resolves.toMatch(/portal_sid=/);
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["actor_user_id", "subject_user_id"])
      .where("event", "=", "password.changed")
      .where("subject_user_id", "=", me.id)
      .execute();
    expect(audit).toEqual([{ actor_user_id: me.id, subject_user_id: me.id }]);
  });
});
