import { randomBytes } from "node:crypto";
import { studentFileSchema } from "@portal/shared/schemas/enrollment/student-file";
import { photoReviewSchema } from "@portal/shared/schemas/photos";
import { bulkActionSchema } from "@portal/shared/schemas/workflow";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { breachBodyEndpoints } from "./support/breaches-body-endpoints.ts";
import { campaignBodyEndpoints } from "./support/campaigns-body-endpoints.ts";
import { dataRightsBodyEndpoints } from "./support/data-rights-body-endpoints.ts";
import { deskBodyEndpoints } from "./support/desk-body-endpoints.ts";
import { studentFileBody } from "./support/documents.ts";
import { documentsBodyEndpoints } from "./support/documents-body-endpoints.ts";
import { electionBodyEndpoints } from "./support/elections-body-endpoints.ts";
import { startFile, uploadPdf } from "./support/enrollment.ts";
import { messageBodyEndpoints } from "./support/messages-body-endpoints.ts";
import { mfaBodyEndpoints } from "./support/mfa-body-endpoints.ts";
import { retentionBodyEndpoints } from "./support/retention-body-endpoints.ts";
import { schoolDocumentBodyEndpoints } from "./support/school-documents-body-endpoints.ts";
import { type BodyEndpoint, settingsBodyEndpoints } from "./support/settings-body-endpoints.ts";
import { signingBodyEndpoints } from "./support/signing-body-endpoints.ts";
import { syncBodyEndpoints } from "./support/sync-body-endpoints.ts";
import {
  call,
  createTestApp,
  createUser,
  currentSchoolYearId,
  errorOf,
  signedInAs,
  TEST_PASSWORD,
  type TestApp,
  uniqueEmail,
} from "./support/test-app.ts";
import { insertSentRequest } from "./support/workflow.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Body = Record<string, unknown>;

const fakeToken = () => randomBytes(32).toString("base64url");
const CONTROL_CHARS = ["\u0000", "\u0007", "\u001b"];

/** Everything about a user that a request could change, minus the session's activity time. */
/** A family account's household: its invitations and who joined it. */
async function householdState(id: number) {
  return {
    invitations: await t.ctx.db
      .selectFrom("household_invitations")
      .selectAll()
      .where("owner_user_id", "=", id)
      .execute(),
    members: await t.ctx.db.selectFrom("users").select("id").where("household_owner_id", "=", id).execute(),
    user: await userState(id),
  };
}

async function userState(id: number) {
  const user = await t.ctx.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const tokens = await t.ctx.db.selectFrom("user_tokens").selectAll().where("user_id", "=", id).orderBy("id").execute();
  const sessions = await t.ctx.db.selectFrom("sessions").select("id").where("user_id", "=", id).orderBy("id").execute();
  return { user, tokens, sessions };
}

/** Builds the endpoint table with its own users, so the state checks see only this spec's rows. */
async function bodyEndpoints(): Promise<BodyEndpoint[]> {
  const schoolYearId = await currentSchoolYearId(t);
  const registerEmail = uniqueEmail("register");
  const pending = await createUser(t, { activated: false });
  const loginUser = await createUser(t);
  const forgotUser = await createUser(t);
  const resetUser = await createUser(t);
  const member = await signedInAs(t, "User");
  const admin = await signedInAs(t, "Admin");
  const target = await createUser(t, { role: "Consulta" });
  const invitedEmail = uniqueEmail("invited");
  const newPassword = "a long fresh passphrase";
  const family = await signedInAs(t, "User");
  const fileId = (await startFile(t, family.cookie)).json().id as number;
  const uploadId = (await uploadPdf(t, family.cookie, fileId)).json().id as number;
  const { student_id: studentId } = await t.ctx.db
    .selectFrom("enrollment_files")
    .select("student_id")
    .where("id", "=", fileId)
    .executeTakeFirstOrThrow();
  // Only required keys: the corpus checks that leaving out any key is refused.
  const { secondName: _optional, ...studentFile } = studentFileBody(uploadId);
  // The staff workflow: a request of this spec's own for each endpoint.
  const secretaria = await signedInAs(t, "Secretaria");
  const yearSwitcher = await signedInAs(t, "Consulta");
  const requestFamily = await createUser(t);
  // Signing online: a family signed in, with a sent request of its own.
  const requestFamilySession = await signedInAs(t, "User");
  const [acted, bulked, reviewed, photographed] = [
    await insertSentRequest(t, requestFamily.id),
    await insertSentRequest(t, requestFamily.id),
    await insertSentRequest(t, requestFamily.id),
    await insertSentRequest(t, requestFamily.id),
  ];
  const edited = await insertSentRequest(t, requestFamily.id);
  const requestState = (id: number) => async () => ({
    request: await t.ctx.db.selectFrom("requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    history: await t.ctx.db.selectFrom("request_history").selectAll().where("request_id", "=", id).execute(),
    audit: await t.ctx.db
      .selectFrom("audit_events")
      .select("id")
      .where("subject_user_id", "=", requestFamily.id)
      .execute(),
  });
  return [
    {
      name: "register",
      method: "POST",
      url: "/api/auth/register",
      valid: {
        firstSurname: "Andrade",
        secondSurname: "Vela",
        names: "María José",
        email: registerEmail,
        password: TEST_PASSWORD,
        passwordConfirmation: TEST_PASSWORD,
        phone: "+593 99 765 4321",
        language: "es",
        captcha: "bm90IGEgcmVhbCBjYXB0Y2hh",
      },
      textFields: ["firstSurname", "secondSurname", "names", "phone"],
      state: () => t.ctx.db.selectFrom("users").selectAll().where("email", "=", registerEmail).execute(),
    },
    {
      name: "activate",
      method: "POST",
      url: "/api/auth/activate",
      valid: { token: fakeToken() },
      textFields: [],
      state: () => userState(pending.id),
    },
    {
      name: "activation/resend",
      method: "POST",
      url: "/api/auth/activation/resend",
      valid: { email: pending.email },
      textFields: [],
      state: () => userState(pending.id),
    },
    {
      name: "login",
      method: "POST",
      url: "/api/auth/login",
      valid: { schoolYearId, email: loginUser.email, password: TEST_PASSWORD },
      textFields: [],
      state: () => userState(loginUser.id),
    },
    {
      name: "forgot-password",
      method: "POST",
      url: "/api/auth/forgot-password",
      valid: { email: forgotUser.email },
      textFields: [],
      state: () => userState(forgotUser.id),
    },
    {
      name: "reset-password",
      method: "POST",
      url: "/api/auth/reset-password",
      valid: { token: fakeToken(), password: newPassword, passwordConfirmation: newPassword },
      textFields: [],
      state: () => userState(resetUser.id),
    },
    {
      name: "invitation/accept",
      method: "POST",
      url: "/api/auth/invitation/accept",
      valid: { token: fakeToken(), password: newPassword, passwordConfirmation: newPassword },
      textFields: [],
      state: () => userState(resetUser.id),
    },
    {
      name: "session/language",
      method: "PUT",
      url: "/api/session/language",
      cookie: member.cookie,
      valid: { language: "fr" },
      textFields: [],
      state: () => userState(member.id),
    },
    {
      name: "session/school-year",
      method: "PUT",
      url: "/api/session/school-year",
      cookie: yearSwitcher.cookie,
      valid: { schoolYearId },
      textFields: [],
      state: () =>
        t.ctx.db
          .selectFrom("sessions")
          .select(["id", "school_year_id"])
          .where("user_id", "=", yearSwitcher.id)
          .orderBy("id")
          .execute(),
    },
    {
      name: "PATCH account",
      method: "PATCH",
      url: "/api/account",
      cookie: member.cookie,
      valid: { firstSurname: "Ruiz", secondSurname: "Mora", names: "Luis", phone: "+593 98 000 1111", language: "en" },
      textFields: ["firstSurname", "secondSurname", "names", "phone"],
      state: () => userState(member.id),
    },
    {
      name: "account/password",
      method: "POST",
      url: "/api/account/password",
      cookie: member.cookie,
      valid: { currentPassword: TEST_PASSWORD, password: newPassword, passwordConfirmation: newPassword },
      textFields: [],
      state: () => userState(member.id),
    },
    {
      name: "household invite",
      method: "POST",
      url: "/api/household/invitations",
      cookie: member.cookie,
      valid: { email: uniqueEmail("second-parent") },
      textFields: [],
      state: () => householdState(member.id),
    },
    {
      name: "household join",
      method: "POST",
      url: "/api/household/join",
      cookie: member.cookie,
      valid: { token: "a".repeat(43) },
      textFields: [],
      state: () => householdState(member.id),
    },
    {
      name: "household invitation, signed out",
      method: "POST",
      url: "/api/household/invitation",
      valid: { token: "a".repeat(43) },
      textFields: [],
      state: () => householdState(member.id),
    },
    {
      name: "household invitation register",
      method: "POST",
      url: "/api/household/invitation/register",
      valid: {
        token: "a".repeat(43),
        firstSurname: "Ruiz",
        secondSurname: "Mora",
        names: "Luis",
        password: newPassword,
        passwordConfirmation: newPassword,
        phone: "+593 98 000 1111",
        language: "en",
      },
      textFields: ["firstSurname", "secondSurname", "names", "phone"],
      state: () => householdState(member.id),
    },
    {
      name: "settings/general",
      method: "PUT",
      url: "/api/settings/general",
      cookie: admin.cookie,
      valid: { maintenanceMode: false },
      textFields: [],
      state: async () => ({
        settings: await t.ctx.db.selectFrom("settings").selectAll().where("key", "=", "maintenance_mode").execute(),
        audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
      }),
      // Maintenance is global: turning it on would close the API to the other spec files.
      harmless: (body) => (body as Body | null)?.maintenanceMode !== true,
    },
    {
      name: "settings/files/pdf-originals",
      method: "PUT",
      url: "/api/settings/files/pdf-originals",
      cookie: admin.cookie,
      valid: { keepPdfOriginals: false },
      textFields: [],
      state: async () => ({
        settings: await t.ctx.db.selectFrom("settings").selectAll().where("key", "=", "keep_pdf_originals").execute(),
        audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
      }),
      // Global: keeping originals would change what the other spec files' uploads store.
      harmless: (body) => (body as Body | null)?.keepPdfOriginals !== true,
    },
    {
      name: "users/:id/role",
      method: "PUT",
      url: `/api/users/${target.id}/role`,
      cookie: admin.cookie,
      valid: { role: "Editor" },
      textFields: [],
      state: async () => ({
        target: await userState(target.id),
        audit: await t.ctx.db
          .selectFrom("audit_events")
          .select("id")
          .where("subject_user_id", "=", target.id)
          .execute(),
      }),
    },
    {
      name: "users/invitations",
      method: "POST",
      url: "/api/users/invitations",
      cookie: admin.cookie,
      valid: {
        firstSurname: "Vera",
        secondSurname: "Mora",
        names: "Lucía",
        email: invitedEmail,
        role: "Secretaria",
        language: "es",
      },
      textFields: ["firstSurname", "secondSurname", "names"],
      state: async () => ({
        invited: await t.ctx.db.selectFrom("users").select("id").where("email", "=", invitedEmail).execute(),
        audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
      }),
    },
    {
      name: "enrollment step",
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/studentFile`,
      route: "PUT /api/enrollment/files/:fileId/steps/:step",
      cookie: family.cookie,
      valid: studentFile,
      textFields: ["firstName", "names", "birthCity", "primaryResidence", "documentNumber"],
      state: async () => ({
        steps: await t.ctx.db.selectFrom("enrollment_steps").selectAll().where("file_id", "=", fileId).execute(),
        students: await t.ctx.db.selectFrom("students").selectAll().where("family_user_id", "=", family.id).execute(),
      }),
      // A body the schema accepts would be saved: the fuzz sends only invalid ones.
      harmless: (body) => !studentFileSchema.safeParse(body).success,
    },
    {
      name: "request action",
      method: "POST",
      url: `/api/requests/${acted.id}/actions`,
      cookie: secretaria.cookie,
      valid: { action: "accept", expectedVersion: 1 },
      textFields: [],
      state: requestState(acted.id),
    },
    {
      name: "bulk action",
      method: "POST",
      url: "/api/requests/bulk-actions",
      cookie: secretaria.cookie,
      valid: { ids: [bulked.id], action: "accept" },
      textFields: [],
      state: requestState(bulked.id),
      // A valid body could name other spec files' requests: the fuzz sends only invalid ones.
      harmless: (body) => !bulkActionSchema.safeParse(body).success,
    },
    {
      name: "staff step edit",
      method: "PUT",
      url: `/api/requests/${edited.id}/steps/schoolTransport`,
      route: "PUT /api/requests/:id/steps/:step",
      cookie: secretaria.cookie,
      valid: { expectedVersion: 1, data: { wantsBus: false } },
      textFields: [],
      state: async () => ({
        ...(await requestState(edited.id)()),
        steps: await t.ctx.db.selectFrom("enrollment_steps").selectAll().where("file_id", "=", edited.fileId).execute(),
      }),
    },
    {
      name: "internal review",
      method: "PUT",
      url: `/api/requests/${reviewed.id}/internal-review`,
      cookie: secretaria.cookie,
      valid: { flagged: true, note: "Check the documents", expectedVersion: 1 },
      textFields: ["note"],
      state: requestState(reviewed.id),
    },
    {
      name: "photo review",
      method: "POST",
      url: `/api/photos/${photographed.id}/review`,
      route: "POST /api/photos/:requestId/review",
      cookie: secretaria.cookie,
      valid: { decision: "reject", reason: "The face is not visible", expectedVersion: 1 },
      textFields: ["reason"],
      state: requestState(photographed.id),
      // A valid rejection would change the request and e-mail its family: the fuzz sends only invalid ones.
      harmless: (body) => !photoReviewSchema.safeParse(body).success,
    },
    {
      // The file is a draft without a request: even a valid body is refused (409 PHOTO_NOT_REJECTED).
      name: "photo replacement",
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/photo`,
      route: "PUT /api/enrollment/files/:fileId/photo",
      cookie: family.cookie,
      valid: { photoFileId: uploadId },
      textFields: [],
      state: async () => ({
        steps: await t.ctx.db.selectFrom("enrollment_steps").selectAll().where("file_id", "=", fileId).execute(),
        audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", family.id).execute(),
      }),
    },
    {
      // A wizard step's unsaved typing: any object of the form's values, within a size.
      name: "step draft",
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/studentFile/draft`,
      route: "PUT /api/enrollment/files/:fileId/steps/:step/draft",
      cookie: family.cookie,
      valid: { values: { firstSurname: "Pérez" } },
      textFields: [],
      state: async () => t.ctx.db.selectFrom("step_drafts").selectAll().where("file_id", "=", fileId).execute(),
    },
    {
      // The file has no consent given: even a valid body is refused (409 CONSENT_NOT_GIVEN).
      name: "consent withdrawal",
      method: "POST",
      url: `/api/account/students/${studentId}/consent-withdrawals`,
      route: "POST /api/account/students/:studentId/consent-withdrawals",
      cookie: family.cookie,
      valid: { consent: "image" },
      textFields: [],
      state: async () => ({
        consents: await t.ctx.db.selectFrom("consents").selectAll().where("file_id", "=", fileId).execute(),
        audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", family.id).execute(),
      }),
    },
    {
      // The public checker of signed documents: no session; a code nobody holds answers 404.
      name: "document check",
      method: "POST",
      url: "/api/document-checks/code",
      valid: { code: "ZZZZZZZZZZ" },
      textFields: [],
      state: async () => t.ctx.db.selectFrom("signing_documents").select("id").execute(),
    },
    ...(await settingsBodyEndpoints(t, admin)),
    ...schoolDocumentBodyEndpoints(t, admin),
    ...(await documentsBodyEndpoints(t, secretaria, requestFamily.id)),
    ...(await syncBodyEndpoints(t, secretaria)),
    ...(await mfaBodyEndpoints(t, admin)),
    ...(await electionBodyEndpoints(t, admin)),
    ...(await retentionBodyEndpoints(t, admin)),
    ...(await breachBodyEndpoints(t, admin)),
    ...(await campaignBodyEndpoints(t, admin)),
    ...(await dataRightsBodyEndpoints(t, secretaria)),
    ...(await messageBodyEndpoints(t, secretaria)),
    ...(await deskBodyEndpoints(t, secretaria)),
    ...(await signingBodyEndpoints(t, requestFamilySession, secretaria)),
  ];
}

/** A refused request: a 4xx with the one error shape (a stable code and a message). */
function expectRefused(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  const error = errorOf(response);
  expect(typeof error.message, what).toBe("string");
  return error;
}

function send(endpoint: BodyEndpoint, payload: string, contentType = "application/json") {
  return call(t, {
    method: endpoint.method,
    url: endpoint.url,
    cookie: endpoint.cookie,
    headers: { "content-type": contentType },
    payload,
  });
}

function wrongTypeFor(value: unknown): unknown {
  if (typeof value === "string") return 12345;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return String(value);
  return "unexpected";
}

/** Every kind of bad body, each with the code it must get when the code is certain. */
function badBodies(valid: Body, textFields: string[]) {
  const cases: { label: string; payload: string; contentType?: string; code?: string; field?: string }[] = [
    { label: "malformed JSON", payload: '{"a":', code: "INVALID_JSON" },
    { label: "an empty JSON body", payload: "", code: "INVALID_JSON" },
    { label: "an empty array", payload: "[]", code: "VALIDATION_ERROR" },
    { label: "the valid body inside an array", payload: JSON.stringify([valid]), code: "VALIDATION_ERROR" },
    { label: "null", payload: "null", code: "VALIDATION_ERROR" },
    { label: "a bare string", payload: '"hello"', code: "VALIDATION_ERROR" },
    { label: "a bare number", payload: "42", code: "VALIDATION_ERROR" },
    { label: "deeply nested arrays", payload: `${"[".repeat(5000)}${"]".repeat(5000)}`, code: "VALIDATION_ERROR" },
    { label: "an empty object", payload: "{}", code: "VALIDATION_ERROR" },
    {
      label: "a body over 64 KB",
      payload: JSON.stringify({ ...valid, padding: "x".repeat(70 * 1024) }),
      code: "PAYLOAD_TOO_LARGE",
    },
    { label: "a __proto__ key", payload: `{"__proto__":{"role":"Admin"}}`, code: "INVALID_JSON" },
    {
      label: "the valid body as text/plain",
      payload: JSON.stringify(valid),
      contentType: "text/plain",
    },
    {
      label: "a form body",
      payload: "a=1&b=2",
      contentType: "application/x-www-form-urlencoded",
      code: "UNSUPPORTED_MEDIA_TYPE",
    },
    { label: "an XML body", payload: "<a>1</a>", contentType: "application/xml", code: "UNSUPPORTED_MEDIA_TYPE" },
  ];
  for (const extra of ["isAdmin", "role", "is_test_data"].filter((key) => !(key in valid))) {
    cases.push({
      label: `an unknown field ${extra}`,
      payload: JSON.stringify({ ...valid, [extra]: extra === "role" ? "Admin" : true }),
      code: "VALIDATION_ERROR",
      field: extra,
    });
  }
  for (const [key, value] of Object.entries(valid)) {
    const wrong = { ...valid, [key]: wrongTypeFor(value) };
    cases.push({
      label: `a wrong type in ${key}`,
      payload: JSON.stringify(wrong),
      code: "VALIDATION_ERROR",
      field: key,
    });
    cases.push({
      label: `null in ${key}`,
      payload: JSON.stringify({ ...valid, [key]: null }),
      code: "VALIDATION_ERROR",
    });
    const { [key]: _dropped, ...missing } = valid;
    cases.push({ label: `no ${key}`, payload: JSON.stringify(missing), code: "VALIDATION_ERROR" });
    if (typeof value !== "string") continue;
    cases.push({
      label: `10,000 characters in ${key}`,
      payload: JSON.stringify({ ...valid, [key]: "a".repeat(10_000) }),
      code: "VALIDATION_ERROR",
    });
    for (const ch of CONTROL_CHARS) {
      const text = textFields.includes(key);
      cases.push({
        label: `${JSON.stringify(ch)} in ${key}`,
        payload: JSON.stringify({ ...valid, [key]: `${value.slice(0, 2)}${ch}${value.slice(2)}` }),
        code: text ? "VALIDATION_ERROR" : undefined,
        field: text ? key : undefined,
      });
    }
  }
  return cases;
}

describe("bad bodies are refused with a 4xx error and change nothing", () => {
  let endpoints: BodyEndpoint[];
  beforeAll(async () => {
    endpoints = await bodyEndpoints();
  });

  it("covers every endpoint that takes a body", () => {
    const withBody = t.routes.filter((route) => ["POST", "PUT", "PATCH"].includes(route.method));
    const covered = new Set(endpoints.map((e) => e.route ?? `${e.method} ${e.url.replace(/\/\d+\//, "/:id/")}`));
    // Logout and send take no body. Starting a file accepts an empty body by design and uploads
    // are multipart: enrollment.spec.ts covers their bad input. Resending a mail takes no body:
    // request-mails.spec.ts covers its bad ids. The Admin's account actions (deactivate,
    // reactivate, activation mail, unlock) take no body: users-admin.spec.ts covers their bad ids.
    const elsewhere = [
      "POST /api/users/:id/activation-mail",
      "POST /api/users/:id/unlock",
      "POST /api/users/:id/deactivate",
      "POST /api/users/:id/reactivate",
      // Closing a window early and making a year current take no body: school-year-windows.spec.ts and school-years-crud.spec.ts.
      "POST /api/settings/school-years/:id/windows/:kind/close",
      "POST /api/settings/school-years/:id/current",
      "POST /api/requests/:id/mails/:mailId/resend",
      "POST /api/auth/logout",
      "POST /api/enrollment/files/:fileId/send",
      "POST /api/enrollment/files",
      "POST /api/enrollment/files/:fileId/uploads",
      // A template's PDF is multipart too: file-templates.spec.ts covers its bad input.
      "POST /api/settings/file-templates/:id/files/:language",
      // The school's logo is multipart: general-settings.spec.ts covers its bad input.
      "POST /api/settings/general/logo",
      // A candidate's photo is multipart: elections-candidate-photos.spec.ts covers its bad input.
      "POST /api/settings/election-candidates/:candidateId/photo",
      // The BUE's codes file is multipart: sync-access.spec.ts covers its bad input.
      // The school's certificate is multipart: school-certificate.spec.ts covers its bad input.
      "PUT /api/settings/school-certificate",
      // A PDF to check is multipart: document-checks.spec.ts covers its bad input.
      "POST /api/document-checks/pdf",
      "POST /api/sync/imports",
      // Starting an MFA setup and the Admin's MFA reset take no body: mfa.spec.ts covers them.
      "POST /api/auth/mfa/setup",
      "POST /api/account/mfa/setup",
      "POST /api/users/:id/mfa/reset",
      // Inviting a desk family to claim its account takes no body: desk.spec.ts covers it.
      "POST /api/desk/families/:id/invitation",
      // Leaving a household takes no body: household.spec.ts covers it.
      "POST /api/household/leave",
      // Preparing the "My data" archive takes no body: data-export.spec.ts covers its bad ids.
      "POST /api/account/data-export",
      // The erasure's confirmation: erasure.spec.ts covers its bad input (a wrong name, a bad scope).
      "POST /api/requests/:id/erasure",
      // Approving a candidacy takes no body: elections-family-candidacies.spec.ts covers its bad ids.
      "POST /api/settings/election-candidacies/:candidacyId/approve",
      // Resuming a stopped message takes no body: messages.spec.ts covers its bad ids.
      "POST /api/messages/:id/resume",
      // Signing online's code requests and the staff's reminder take `{}`: signing-rules.spec.ts covers their bad input.
      "POST /api/enrollment/files/:fileId/signing/:documentId/code",
      "POST /api/signing-links/:token/code",
      "POST /api/requests/:requestId/signing/:documentId/remind",
    ];
    const missing = withBody
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !covered.has(r) && !elsewhere.includes(r));
    expect(missing).toEqual([]);
  });

  const names = [
    "register",
    "activate",
    "activation/resend",
    "login",
    "forgot-password",
    "reset-password",
    "session/language",
    "session/school-year",
    "PATCH account",
    "account/password",
    "household invite",
    "household join",
    "desk family",
    "desk family e-mail",
    "settings/general",
    "settings/files",
    "settings/files/pdf-originals",
    "settings/file-templates",
    "settings/file-templates/:id",
    "users/:id/role",
    "users/invitations",
    "invitation/accept",
    "enrollment step",
    "request action",
    "bulk action",
    "internal review",
    "photo review",
    "photo replacement",
    "consent withdrawal",
    "status text",
    "status text reset",
    "catalog item",
    "catalog rename",
    "catalog state",
    "catalog order",
    "school year",
    "school year edit",
    "school year window",
    "general identity",
    "general constants",
    "general notices",
    "hand-in",
    "sync export",
    "sync codes",
    "mfa verify",
    "mfa confirm",
    "account mfa confirm",
    "account mfa disable",
    "settings mfa",
    "election",
    "election edit",
    "election schedule",
    "election close",
    "election publish",
    "election cancel",
    "election list",
    "election candidates",
    "election position",
    "election position edit",
    "election organization",
    "election organization edit",
    "vote",
    "retention periods",
    "retention hold",
    "retention run",
    "data rights filing",
    "data rights action",
    "document check",
    "signing sign",
    "signing link",
    "signing link sign",
    "signing countersign",
  ];
  for (const name of names) {
    it(name, async () => {
      const endpoint = endpoints.find((e) => e.name === name)!;
      const before = await endpoint.state();
      for (const bad of badBodies(endpoint.valid, endpoint.textFields)) {
        const what = `${name} with ${bad.label}`;
        const response = await send(endpoint, bad.payload, bad.contentType);
        const error = expectRefused(response, what);
        if (bad.code) expect(error.code, what).toBe(bad.code);
        if (bad.field) expect(error.fields?.[bad.field], what).toBeTruthy();
        if (bad.code === "PAYLOAD_TOO_LARGE") expect(response.statusCode, what).toBe(413);
        expect(
          response.cookies.map((c) => c.name),
          what,
        ).not.toContain("portal_lang");
      }
      expect(await endpoint.state()).toEqual(before);
    });
  }
});

describe("bad path parameters are refused with a 4xx error", () => {
  const BAD_NAMES = ["unknown", "123", "LEVELS", "levels%00", "%00", "%07", "%1B", "a".repeat(10_000)];
  const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

  it("GET /api/catalogs/:name", async () => {
    const { cookie } = await signedInAs(t, "User");
    for (const name of [...BAD_NAMES, ...PROTOTYPE_NAMES]) {
      const response = await call(t, { method: "GET", url: `/api/catalogs/${name}`, cookie });
      const error = expectRefused(response, `catalog ${name.slice(0, 20)}`);
      if (name.length < 200) expect(error.code, name).toBe("VALIDATION_ERROR");
    }
  });

  it("GET /api/enrollment/files/:fileId/documents/:document", async () => {
    const { cookie } = await signedInAs(t, "User");
    const badDocuments = [...BAD_NAMES, ...PROTOTYPE_NAMES, "SUMMARY", "to_sign", "summary.pdf"];
    const badIds = ["abc", "-1", "0", "1.5", "1e400", "%00", "9".repeat(10_000)];
    const cases: [fileId: string, document: string][] = [
      ...badDocuments.map((document): [string, string] => ["1", document]),
      ...badIds.map((fileId): [string, string] => [fileId, "summary"]),
    ];
    for (const [fileId, document] of cases) {
      const response = await call(t, {
        method: "GET",
        url: `/api/enrollment/files/${fileId}/documents/${document}`,
        cookie,
      });
      const what = `documents ${fileId.slice(0, 20)} ${document.slice(0, 20)}`;
      const error = expectRefused(response, what);
      if (fileId.length < 200 && document.length < 200) expect(error.code, what).toBe("VALIDATION_ERROR");
    }
  });

  it("PUT /api/users/:id/role", async () => {
    const admin = await signedInAs(t, "Admin");
    // None of these can name an existing user, and the body is invalid too: even a parameter wrongly
    // coerced into an id could not change another spec's user. Parameters are checked first.
    const badIds = ["abc", "-1", "0", "1.5", "1e400", "Infinity", "99999999999", "%00", "%1B", "9".repeat(10_000)];
    for (const id of badIds) {
      const response = await call(t, {
        method: "PUT",
        url: `/api/users/${id}/role`,
        cookie: admin.cookie,
        payload: { role: "NotARole" },
      });
      const error = expectRefused(response, `role of user ${id.slice(0, 20)}`);
      if (id.length < 200) expect(error.fields?.id, id).toBeTruthy();
    }
  });
});

describe("fuzz: arbitrary bodies never cause a server error", () => {
  let endpoints: BodyEndpoint[];
  beforeAll(async () => {
    endpoints = await bodyEndpoints();
  });

  /** Random JSON, random objects, anything serialisable, raw strings, and the valid shape with random values. */
  function payloads(valid: Body): fc.Arbitrary<string> {
    const keys = Object.keys(valid);
    const shaped = fc.record(Object.fromEntries(keys.map((key) => [key, fc.jsonValue()])), { requiredKeys: [] });
    const oneFieldOff = fc
      .tuple(fc.constantFrom(...keys), fc.oneof(fc.jsonValue(), fc.string({ unit: "binary", maxLength: 300 })))
      .map(([key, value]) => ({ ...valid, [key]: value }));
    return fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.object().map((v) => JSON.stringify(v)),
      fc.anything().map((v) => JSON.stringify(v) ?? "null"),
      fc.string({ maxLength: 200 }),
      shaped.map((v) => JSON.stringify(v)),
      oneFieldOff.map((v) => JSON.stringify(v)),
    );
  }

  const RUNS_PER_ENDPOINT = 120;

  it(`answers < 500 with a well-formed error to ${RUNS_PER_ENDPOINT} random bodies per endpoint`, async () => {
    let runs = 0;
    for (const endpoint of endpoints) {
      const harmless = (payload: string) => {
        if (!endpoint.harmless) return true;
        try {
          return endpoint.harmless(JSON.parse(payload));
        } catch {
          return true;
        }
      };
      await fc.assert(
        fc.asyncProperty(payloads(endpoint.valid).filter(harmless), async (payload) => {
          runs++;
          const response = await send(endpoint, payload);
          const what = `${endpoint.name} with ${payload.slice(0, 200)}`;
          expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectRefused(response, what);
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    }
    expect(runs).toBeGreaterThanOrEqual(500);
    // A few seconds alone; several times that when the machine is busy with the other spec files.
  }, 90_000);
});

describe("fuzz: arbitrary query strings on the staff's lists and dashboard never cause a server error", () => {
  const KEYS = [
    "schoolYearId",
    "status",
    "level",
    "kind",
    "testData",
    "q",
    "sort",
    "order",
    "page",
    "pageSize",
    "type",
    "photoStatus",
    "internalReview",
  ];
  /** Every byte percent-encoded (lone surrogates become U+FFFD), so any string can be sent. */
  const encode = (value: string) => [...Buffer.from(value)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
  const value = fc.oneof(
    fc.string({ maxLength: 150 }),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.integer().map(String),
    fc.double().map(String),
    fc.constantFrom(
      "Untreated,Accepted",
      "CM2",
      "new",
      "include",
      "createdAt",
      "desc",
      "25",
      "1",
      "all",
      "2",
      "",
      "rejected",
    ),
  );
  const query = fc.oneof(
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 10 })), value), { maxLength: 6 })
      .map((pairs) => pairs.map(([key, v]) => `${encode(key)}=${encode(v)}`).join("&")),
    // Raw, unencoded noise: bad percent-escapes, brackets, repeated separators.
    fc.string({ maxLength: 200 }).map((raw) => raw.replace(/[#\s]/g, "")),
  );

  it("GET /api/documents and its ZIP answer < 500, errors in the one shape", async () => {
    const { cookie } = await signedInAs(t, "Editor");
    const documentsQuery = fc.oneof(
      query,
      fc
        .tuple(fc.constantFrom("missing", "overdue", "complete", "x", ""), query)
        .map(([handIn, q]) => `handIn=${handIn}&${q}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/documents", "/api/documents/export.zip"),
        documentsQuery,
        async (url, q) => {
          const response = await call(t, { method: "GET", url: `${url}?${q}`, cookie });
          const what = `${url}?${q.slice(0, 200)}`;
          expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectRefused(response, what);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("GET /api/requests, /api/representatives, /api/dashboard, /api/photos and /api/desk/families answer < 500, errors in the one shape", async () => {
    const { cookie } = await signedInAs(t, "Secretaria");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/requests", "/api/representatives", "/api/dashboard", "/api/photos", "/api/desk/families"),
        query,
        async (url, q) => {
          const response = await call(t, { method: "GET", url: `${url}?${q}`, cookie });
          const what = `${url}?${q.slice(0, 200)}`;
          expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectRefused(response, what);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("GET /api/medical-records and its PDF answer < 500, errors in the one shape", async () => {
    const { cookie } = await signedInAs(t, "Consulta");
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/api/medical-records", "/api/medical-records/pdf"), query, async (url, q) => {
        const response = await call(t, { method: "GET", url: `${url}?${q}`, cookie });
        const what = `${url}?${q.slice(0, 200)}`;
        expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expectRefused(response, what);
      }),
      { numRuns: 150 },
    );
  });

  it("GET /api/reports/photos and its summary answer < 500, errors in the one shape", async () => {
    const { cookie } = await signedInAs(t, "Editor");
    const photosQuery = fc.oneof(
      query,
      fc
        .tuple(fc.constantFrom("students", "representatives", "authorizedPersons", "teachers", ""), query)
        .map(([photos, q]) => `photos=${photos}&${q}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/reports/photos", "/api/reports/photos/summary"),
        photosQuery,
        async (url, q) => {
          const response = await call(t, { method: "GET", url: `${url}?${q}`, cookie });
          const what = `${url}?${q.slice(0, 200)}`;
          expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectRefused(response, what);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("GET /api/reports/* and their exports answer < 500, errors in the one shape", async () => {
    const { cookie } = await signedInAs(t, "Secretaria");
    const reportQuery = fc.oneof(
      query,
      fc
        .array(
          fc.tuple(
            fc.constantFrom(
              "columns",
              "sort",
              "order",
              "format",
              "level",
              "status",
              "kind",
              "testData",
              "page",
              "pageSize",
            ),
            fc.oneof(
              value,
              fc.constantFrom("code,studentName", "code,,x", "birthDate", "xlsx", "csv", "representativeName"),
            ),
          ),
          { maxLength: 6 },
        )
        .map((pairs) => pairs.map(([key, v]) => `${key}=${encode(v)}`).join("&")),
    );
    const urls = ["students", "representatives", "authorizedPersons"].flatMap((r) => [
      `/api/reports/${r}`,
      `/api/reports/${r}/export`,
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...urls, "/api/reports/committee-contacts/export"),
        reportQuery,
        async (url, q) => {
          const response = await call(t, { method: "GET", url: `${url}?${q}`, cookie });
          const what = `${url}?${q.slice(0, 200)}`;
          expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectRefused(response, what);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("GET /api/sync, its batches and a batch's file answer < 500, errors in the one shape", async () => {
    const { cookie } = await signedInAs(t, "Secretaria");
    const syncQuery = fc.oneof(
      query,
      fc
        .tuple(fc.constantFrom("pending", "migrated", "csv", "json", "x"), query)
        .map(([v, q]) => `state=${v}&format=${v}&${q}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/sync", "/api/sync/exports", "/api/sync/exports/2147483000"),
        syncQuery,
        async (url, q) => {
          const response = await call(t, { method: "GET", url: `${url}?${q}`, cookie });
          const what = `${url}?${q.slice(0, 200)}`;
          expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectRefused(response, what);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("GET /api/audit-events and its CSV (the Admin's) answer < 500, errors in the one shape", async () => {
    const { cookie } = await signedInAs(t, "Admin");
    const auditQuery = fc.oneof(
      query,
      fc
        .array(
          fc.tuple(
            fc.constantFrom("actor", "subject", "event", "requestId", "from", "to", "page", "pageSize"),
            fc.oneof(value, fc.constantFrom("2024-01-31", "2024-02-30", "login.success", "a%_\\", "REQ-1")),
          ),
          { maxLength: 6 },
        )
        .map((pairs) => pairs.map(([key, v]) => `${key}=${encode(v)}`).join("&")),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/api/audit-events", "/api/audit-events.csv"), auditQuery, async (url, q) => {
        const response = await call(t, { method: "GET", url: `${url}?${q}`, cookie });
        const what = `${url}?${q.slice(0, 200)}`;
        expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expectRefused(response, what);
      }),
      { numRuns: 150 },
    );
  });
});
