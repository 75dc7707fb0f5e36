import type { BodyEndpoint } from "./settings-body-endpoints.ts";
import {
  call,
  createUser,
  currentSchoolYearId,
  sessionCookie,
  signedInAs,
  TEST_PASSWORD,
  type TestApp,
} from "./test-app.ts";

/** A session past the password only, waiting for its second factor. */
async function pendingCookie(t: TestApp, email: string): Promise<string> {
  const response = await call(t, {
    method: "POST",
    url: "/api/auth/login",
    payload: { schoolYearId: await currentSchoolYearId(t), email, password: TEST_PASSWORD },
  });
  if (!(response.json() as { mfa: string | null }).mfa) throw new Error(`no second step for ${email}`);
  return sessionCookie(response);
}

/**
 * The MFA endpoints that take a body, each on accounts of the bad-input spec's own; a
 * refused body leaves the account's MFA columns, its recovery codes and sessions as they were.
 */
export async function mfaBodyEndpoints(t: TestApp, admin: { id: number; cookie: string }): Promise<BodyEndpoint[]> {
  const verifying = await createUser(t, { role: "Secretaria" });
  const enrolling = await createUser(t, { role: "Consulta", mfa: false });
  const family = await signedInAs(t, "User");
  const enrolCookie = await pendingCookie(t, enrolling.email);
  await call(t, { method: "POST", url: "/api/auth/mfa/setup", cookie: enrolCookie });
  await call(t, { method: "POST", url: "/api/account/mfa/setup", cookie: family.cookie });
  const mfaState = (id: number) => async () => ({
    user: await t.ctx.db
      .selectFrom("users")
      .select(["mfa_secret", "mfa_enabled_at", "mfa_pending_secret"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow(),
    codes: await t.ctx.db.selectFrom("mfa_recovery_codes").selectAll().where("user_id", "=", id).execute(),
    sessions: await t.ctx.db.selectFrom("sessions").select("id").where("user_id", "=", id).orderBy("id").execute(),
  });
  // A valid-looking code that is not the current one: refused as MFA_CODE_INVALID, changing nothing.
  const valid = { code: "000000" };
  return [
    {
      name: "mfa verify",
      method: "POST",
      url: "/api/auth/mfa/verify",
      cookie: await pendingCookie(t, verifying.email),
      valid,
      textFields: [],
      state: mfaState(verifying.id),
    },
    {
      name: "mfa confirm",
      method: "POST",
      url: "/api/auth/mfa/confirm",
      cookie: enrolCookie,
      valid,
      textFields: [],
      state: mfaState(enrolling.id),
    },
    {
      name: "account mfa confirm",
      method: "POST",
      url: "/api/account/mfa/confirm",
      cookie: family.cookie,
      valid,
      textFields: [],
      state: mfaState(family.id),
    },
    {
      name: "account mfa disable",
      method: "POST",
      url: "/api/account/mfa/disable",
      cookie: family.cookie,
      valid: { currentPassword: TEST_PASSWORD },
      textFields: [],
      state: mfaState(family.id),
    },
    {
      name: "settings mfa",
      method: "PUT",
      url: "/api/settings/mfa",
      cookie: admin.cookie,
      valid: { editorsRequired: false },
      textFields: [],
      state: async () => ({
        settings: await t.ctx.db.selectFrom("settings").selectAll().where("key", "=", "mfa_editors_required").execute(),
        audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
      }),
      // School-wide: the fuzz must not require MFA of every Editor in the other spec files.
      harmless: (body) => (body as { editorsRequired?: unknown } | null)?.editorsRequired !== true,
    },
  ];
}
