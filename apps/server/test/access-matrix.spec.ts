import { rolesFor } from "@portal/shared/permissions";
import { ROLES, type Role } from "@portal/shared/roles";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DeclaredRoute, installAccessControl } from "../src/plugins/access.ts";
import { installErrorHandling } from "../src/plugins/errors.ts";
import { call, createTestApp, createUser, errorOf, loginAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const label = (route: DeclaredRoute) => `${route.method} ${route.url}`;

/** The "Who" column of docs/api.md, plus the two non-API routes (SPA files and the logo). */
const CONTRACT: Record<string, string> = {
  "GET /api/health": "public",
  "GET /api/public/config": "public",
  "GET /api/openapi.json": "settingsManage",
  "GET /api/school-years": "public",
  "GET /api/session": "public",
  "PUT /api/session/language": "public",
  "PUT /api/session/school-year": "schoolYearSwitch",
  "GET /api/auth/captcha": "public",
  "POST /api/auth/register": "public",
  "POST /api/auth/activate": "public",
  "POST /api/auth/invitation/accept": "public",
  "POST /api/auth/activation/resend": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/logout": "authenticated",
  "POST /api/auth/forgot-password": "public",
  "POST /api/auth/reset-password": "public",
  "GET /api/account": "accountManage",
  "PATCH /api/account": "accountManage",
  "POST /api/account/password": "accountManage",
  "GET /api/household": "householdManage",
  "POST /api/household/invitations": "householdManage",
  "DELETE /api/household/invitations/:id": "householdManage",
  "DELETE /api/household/accounts/:id": "householdManage",
  "POST /api/household/join": "householdManage",
  "POST /api/household/leave": "householdManage",
  "GET /api/desk/families": "householdsDesk",
  "POST /api/desk/families": "householdsDesk",
  "GET /api/desk/families/:id": "householdsDesk",
  "PUT /api/desk/families/:id/email": "householdsDesk",
  "POST /api/desk/families/:id/invitation": "householdsDesk",
  "GET /api/account/data-export": "dataExportOwn",
  "POST /api/account/data-export": "dataExportOwn",
  "GET /api/account/data-export/:id/file": "dataExportOwn",
  "GET /api/account/consents": "consentsOwn",
  "POST /api/account/students/:studentId/consent-withdrawals": "consentsOwn",
  "GET /api/requests/:id/consents": "inscriptionsView",
  "GET /api/account/data-rights": "dataRightsOwn",
  "POST /api/account/data-rights": "dataRightsOwn",
  "GET /api/data-rights-requests": "dataRightsManage",
  "GET /api/data-rights-requests/:id": "dataRightsManage",
  "POST /api/data-rights-requests/:id/actions": "dataRightsManage",
  "POST /api/household/invitation": "public",
  "POST /api/household/invitation/register": "public",
  "POST /api/auth/mfa/setup": "public",
  "POST /api/auth/mfa/confirm": "public",
  "POST /api/auth/mfa/verify": "public",
  "GET /api/account/mfa": "accountManage",
  "POST /api/account/mfa/setup": "accountManage",
  "POST /api/account/mfa/confirm": "accountManage",
  "POST /api/account/mfa/disable": "accountManage",
  "POST /api/users/:id/mfa/reset": "usersManage",
  "GET /api/settings/mfa": "settingsManage",
  "PUT /api/settings/mfa": "settingsManage",
  "GET /api/catalogs/:name": "catalogsRead",
  "GET /api/catalogs/:name/items": "settingsManage",
  "POST /api/catalogs/:name/items": "settingsManage",
  "PUT /api/catalogs/:name/items/:id": "settingsManage",
  "PUT /api/catalogs/:name/items/:id/state": "settingsManage",
  "PUT /api/catalogs/:name/order": "settingsManage",
  "DELETE /api/catalogs/:name/items/:id": "settingsManage",
  "GET /api/settings/general": "settingsManage",
  "GET /api/settings/school-years": "settingsManage",
  "POST /api/settings/school-years": "settingsManage",
  "PUT /api/settings/school-years/:id": "settingsManage",
  "DELETE /api/settings/school-years/:id": "settingsManage",
  "PUT /api/settings/school-years/:id/windows/:kind": "settingsManage",
  "POST /api/settings/school-years/:id/windows/:kind/close": "settingsManage",
  "POST /api/settings/school-years/:id/current": "settingsManage",
  "PUT /api/settings/general": "settingsManage",
  "GET /api/settings/general/page": "settingsManage",
  "PUT /api/settings/general/identity": "settingsManage",
  "POST /api/settings/general/logo": "settingsManage",
  "DELETE /api/settings/general/logo": "settingsManage",
  "PUT /api/settings/general/years/:schoolYearId/constants": "settingsManage",
  "PUT /api/settings/general/years/:schoolYearId/notices": "settingsManage",
  "GET /api/settings/reminders": "settingsManage",
  "PUT /api/settings/reminders": "settingsManage",
  "GET /api/enrollment/year-settings": "enrollmentOwn",
  "GET /api/settings/files": "settingsManage",
  "PUT /api/settings/files": "settingsManage",
  "PUT /api/settings/files/pdf-originals": "settingsManage",
  "POST /api/settings/file-templates": "settingsManage",
  "PUT /api/settings/file-templates/:id": "settingsManage",
  "DELETE /api/settings/file-templates/:id": "settingsManage",
  "POST /api/settings/file-templates/:id/files/:language": "settingsManage",
  "DELETE /api/settings/file-templates/:id/files/:language": "settingsManage",
  "GET /api/file-rules": "authenticated",
  "GET /api/file-templates/:id/download": "authenticated",
  "GET /api/users": "usersManage",
  "GET /api/users/:id": "usersManage",
  "PUT /api/users/:id/role": "usersManage",
  "POST /api/users/:id/deactivate": "usersManage",
  "POST /api/users/:id/reactivate": "usersManage",
  "POST /api/users/:id/activation-mail": "usersManage",
  "POST /api/users/:id/unlock": "usersManage",
  "POST /api/users/invitations": "usersManage",
  "GET /api/enrollment/cards": "enrollmentOwn",
  "POST /api/enrollment/files": "enrollmentOwn",
  "GET /api/enrollment/files/:fileId": "enrollmentOwn",
  "DELETE /api/enrollment/files/:fileId": "enrollmentOwn",
  "GET /api/enrollment/files/:fileId/context": "enrollmentOwn",
  "GET /api/enrollment/files/:fileId/known-people": "enrollmentOwn",
  "GET /api/enrollment/files/:fileId/steps/:step": "enrollmentOwn",
  "PUT /api/enrollment/files/:fileId/steps/:step": "enrollmentOwn",
  "GET /api/enrollment/files/:fileId/steps/:step/draft": "enrollmentOwn",
  "PUT /api/enrollment/files/:fileId/steps/:step/draft": "enrollmentOwn",
  "DELETE /api/enrollment/files/:fileId/steps/:step/draft": "enrollmentOwn",
  "POST /api/enrollment/files/:fileId/send": "enrollmentOwn",
  "POST /api/enrollment/files/:fileId/uploads": "enrollmentOwn",
  "GET /api/enrollment/uploads/:id": "enrollmentOwn",
  "GET /api/enrollment/files/:fileId/documents/:document": "enrollmentDocuments",
  "GET /api/enrollment/files/:fileId/terms-texts": "enrollmentDocuments",
  "GET /api/requests": "inscriptionsView",
  "GET /api/requests/codes": "inscriptionsView",
  "GET /api/representatives": "inscriptionsView",
  "GET /api/requests/:id": "inscriptionsView",
  "POST /api/requests/:id/actions": "inscriptionsManage",
  "GET /api/requests/:id/erasure": "applicantErasure",
  "POST /api/requests/:id/erasure": "applicantErasure",
  "POST /api/requests/bulk-actions": "inscriptionsManage",
  "PUT /api/requests/:id/internal-review": "inscriptionsManage",
  "GET /api/dashboard": "dashboardView",
  "GET /api/requests/:id/module": "inscriptionsView",
  "GET /api/requests/:id/steps/:step": "inscriptionsView",
  "PUT /api/requests/:id/steps/:step": "inscriptionsManage",
  "GET /api/requests/:id/uploads/:uploadId": "inscriptionsView",
  "GET /api/requests/:id/uploads/:uploadId/original": "uploadOriginalsRead",
  "GET /api/photos": "inscriptionsView",
  "GET /api/photos/:requestId/image": "inscriptionsView",
  "POST /api/photos/:requestId/review": "inscriptionsManage",
  "PUT /api/enrollment/files/:fileId/photo": "enrollmentOwn",
  "GET /api/requests/:id/mails": "inscriptionsView",
  "POST /api/requests/:id/mails/:mailId/resend": "inscriptionsManage",
  "GET /api/audit-events": "auditView",
  "GET /api/audit-events.csv": "auditView",
  "GET /api/breaches": "breachesManage",
  "POST /api/breaches": "breachesManage",
  "GET /api/breaches/families": "breachesManage",
  "GET /api/breaches/:id": "breachesManage",
  "PUT /api/breaches/:id": "breachesManage",
  "POST /api/breaches/:id/authority": "breachesManage",
  "GET /api/breaches/:id/notice": "breachesManage",
  "PUT /api/breaches/:id/notice": "breachesManage",
  "POST /api/breaches/:id/notice/send": "breachesManage",
  "POST /api/messages/audience": "messagesSend",
  "GET /api/messages": "messagesSend",
  "POST /api/messages": "messagesSend",
  "GET /api/messages/:id": "messagesSend",
  "POST /api/messages/:id/resume": "messagesSend",
  "GET /api/account/messages": "messagesOwn",
  "GET /api/campaigns": "campaignsManage",
  "POST /api/campaigns": "campaignsManage",
  "GET /api/campaigns/:id": "campaignsManage",
  "PUT /api/campaigns/:id": "campaignsManage",
  "GET /api/campaigns/:id/answers": "campaignsManage",
  "GET /api/campaigns/:id/export": "campaignsManage",
  "GET /api/family-campaigns": "enrollmentOwn",
  "POST /api/family-campaigns/:id/answers": "enrollmentOwn",
  "POST /api/campaign-link": "public",
  "POST /api/campaign-link/answers": "public",
  "GET /api/documents": "documentsView",
  "GET /api/documents/export.zip": "documentsView",
  "GET /api/documents/:requestId": "documentsView",
  "PUT /api/documents/:requestId/hand-in/:item": "documentsManage",
  "GET /api/reports/photos": "reportsView",
  "GET /api/reports/photos/summary": "reportsView",
  "GET /api/medical-records": "medicalRecordsView",
  "GET /api/medical-records/pdf": "medicalRecordsView",
  "GET /api/reports/students": "reportsView",
  "GET /api/reports/students/export": "reportsView",
  "GET /api/reports/representatives": "reportsView",
  "GET /api/reports/representatives/export": "reportsView",
  "GET /api/reports/authorizedPersons": "reportsView",
  "GET /api/reports/authorizedPersons/export": "reportsView",
  "GET /api/reports/committee-contacts/export": "reportsView",
  "GET /api/sync": "syncView",
  "POST /api/sync/exports": "syncManage",
  "GET /api/sync/exports": "syncView",
  "GET /api/sync/exports/:id": "syncManage",
  "POST /api/sync/imports": "syncManage",
  "GET /api/sync/requests/:id": "syncView",
  "PUT /api/sync/requests/:id/codes": "syncManage",
  "GET /api/status-texts": "authenticated",
  "GET /api/settings/status-texts": "settingsManage",
  "PUT /api/settings/status-texts/:status": "settingsManage",
  "POST /api/settings/status-texts/:status/reset": "settingsManage",
  "GET /api/settings/email-texts": "settingsManage",
  "PUT /api/settings/email-texts/:id/:language": "settingsManage",
  "POST /api/settings/email-texts/:id/:language/reset": "settingsManage",
  "POST /api/settings/email-texts/:id/:language/preview": "settingsManage",
  "GET /api/settings/documents": "settingsManage",
  "POST /api/settings/documents": "settingsManage",
  "PUT /api/settings/documents/:documentId/draft": "settingsManage",
  "POST /api/settings/documents/:documentId/publish": "settingsManage",
  "PUT /api/settings/documents/:documentId/rule": "settingsManage",
  "POST /api/settings/documents/:documentId/preview": "settingsManage",
  "GET /api/settings/documents/:documentId/preview.pdf": "settingsManage",
  "GET /api/settings/school-certificate": "sealManage",
  "PUT /api/settings/school-certificate": "sealManage",
  "DELETE /api/settings/school-certificate": "sealManage",
  "POST /api/document-checks/code": "public",
  "POST /api/document-checks/pdf": "public",
  "PUT /api/settings/document-fees/:schoolYearId": "settingsManage",
  "GET /branding/logo": "public",
  "GET /*": "public",
  "GET /api/settings/elections": "electionsManage",
  "POST /api/settings/elections": "electionsManage",
  "PUT /api/settings/elections/:id": "electionsManage",
  "POST /api/settings/elections/:id/schedule": "electionsManage",
  "POST /api/settings/elections/:id/cancel": "electionsManage",
  "POST /api/settings/elections/:id/close": "electionsManage",
  "POST /api/settings/elections/:id/publish": "electionsManage",
  "GET /api/settings/elections/:id/turnout": "electionsManage",
  "GET /api/settings/elections/:id/result": "electionsManage",
  "GET /api/settings/elections/:id/eligible": "electionsManage",
  "GET /api/settings/elections/:id/minutes": "electionsManage",
  "POST /api/settings/elections/:id/lists": "electionsManage",
  "DELETE /api/settings/election-lists/:listId": "electionsManage",
  "PUT /api/settings/election-lists/:listId/candidates": "electionsManage",
  "POST /api/settings/election-candidates/:candidateId/photo": "electionsManage",
  "GET /api/settings/election-positions": "electionsManage",
  "POST /api/settings/election-positions": "electionsManage",
  "PUT /api/settings/election-positions/:id": "electionsManage",
  "DELETE /api/settings/election-positions/:id": "electionsManage",
  "GET /api/settings/election-organizations": "electionsManage",
  "POST /api/settings/election-organizations": "electionsManage",
  "PUT /api/settings/election-organizations/:id": "electionsManage",
  "DELETE /api/settings/election-organizations/:id": "electionsManage",
  "GET /api/elections": "electionsView",
  "GET /api/elections/:id": "electionsView",
  "GET /api/elections/candidates/:candidateId/photo": "electionsView",
  "POST /api/elections/:id/vote": "electionsVote",
  "POST /api/elections/:id/receipt": "electionsView",
  "GET /api/elections/:id/candidacy": "electionsVote",
  "PUT /api/elections/:id/candidacy": "electionsVote",
  "DELETE /api/elections/:id/candidacy": "electionsVote",
  "GET /api/settings/elections/:id/candidacies": "electionsManage",
  "POST /api/settings/election-candidacies/:candidacyId/approve": "electionsManage",
  "POST /api/settings/election-candidacies/:candidacyId/decline": "electionsManage",
  "GET /api/settings/elections/:id/register": "electionsManage",
  "GET /api/settings/retention": "settingsManage",
  "PUT /api/settings/retention": "settingsManage",
  "GET /api/settings/retention/holds": "settingsManage",
  "POST /api/settings/retention/holds": "settingsManage",
  "DELETE /api/settings/retention/holds/:id": "settingsManage",
  "GET /api/settings/retention/preview": "settingsManage",
  "GET /api/settings/retention/runs": "settingsManage",
  "POST /api/settings/retention/runs": "settingsManage",
  "GET /api/settings/retention/runs/:id": "settingsManage",
  "GET /api/settings/processing-register": "settingsManage",
  "GET /api/settings/processing-register/file": "settingsManage",
  "GET /api/enrollment/files/:fileId/signing": "signingOwn",
  "GET /api/enrollment/files/:fileId/signing/:documentId": "signingOwn",
  "POST /api/enrollment/files/:fileId/signing/:documentId/code": "signingOwn",
  "POST /api/enrollment/files/:fileId/signing/:documentId/sign": "signingOwn",
  "POST /api/enrollment/files/:fileId/signing/:documentId/link": "signingOwn",
  "GET /api/enrollment/files/:fileId/signing/:documentId/final.pdf": "signingOwn",
  "GET /api/signing-links/:token": "public",
  "POST /api/signing-links/:token/code": "public",
  "POST /api/signing-links/:token/sign": "public",
  "GET /api/requests/:requestId/signing": "signingView",
  "GET /api/requests/:requestId/signing/:documentId/events": "signingView",
  "POST /api/requests/:requestId/signing/:documentId/remind": "signingManage",
  "POST /api/requests/:requestId/signing/:documentId/countersign": "signingManage",
  "GET /api/requests/:requestId/signing/:documentId/final.pdf": "signingView",
};

describe("access declarations", () => {
  it("every registered route declares who may call it", () => {
    expect(t.routes.length).toBeGreaterThan(0);
    const undeclared = t.routes.filter((route) => !route.access).map(label);
    expect(undeclared, `routes without an access declaration: ${undeclared.join(", ")}`).toEqual([]);
  });

  it("declares exactly the access of the API contract", () => {
    const declared = Object.fromEntries(t.routes.map((route) => [label(route), route.access]));
    expect(declared).toEqual(CONTRACT);
    // Settings and users are the Admin's alone (spec 2: dashboards/settings is Admin-only).
    expect(rolesFor("settingsManage")).toEqual(["Admin"]);
    expect(rolesFor("usersManage")).toEqual(["Admin"]);
  });

  it("refuses a route registered without a declaration, with 403, even to anonymous callers", async () => {
    const app = Fastify();
    const registry: DeclaredRoute[] = [];
    installErrorHandling(app);
    installAccessControl(app, registry);
    app.get("/undeclared", () => ({ leaked: true }));
    app.get("/declared", { config: { access: "public" } }, () => ({ ok: true }));
    await app.ready();
    try {
      expect(registry).toEqual([
        { method: "GET", url: "/undeclared", access: undefined },
        { method: "GET", url: "/declared", access: "public" },
      ]);
      const refused = await app.inject({ method: "GET", url: "/undeclared" });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe("FORBIDDEN");
      expect(refused.body).not.toContain("leaked");
      expect((await app.inject({ method: "GET", url: "/declared" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("who may call each non-public route", () => {
  const emails = new Map<Role, string>();
  let someUserId: number;

  beforeAll(async () => {
    for (const role of ROLES) emails.set(role, (await createUser(t, { role })).email);
    someUserId = (await createUser(t)).id;
  });

  /** Valid-looking path parameters; an unknown parameter fails the test rather than being skipped. */
  function fillParams(url: string): string {
    return url.replace(/:(\w+)/g, (_, name: string) => {
      // Enrollment ids that exist for nobody: an allowed role gets 404, never another family's 403.
      if (url.startsWith("/api/enrollment/") && (name === "id" || name === "fileId")) return "2147483000";
      // A request id that exists for nobody: allowed roles get 404 REQUEST_NOT_FOUND.
      if (url.startsWith("/api/requests/") && name === "id") return "2147483000";
      if (name === "uploadId" || name === "mailId") return "2147483000";
      // A child that exists for nobody: families get 404 (or 400 for the missing body).
      if (name === "studentId") return "2147483000";
      // "My data": an archive id that exists for nobody (families get 404).
      if (url.startsWith("/api/account/data-export/") && name === "id") return "A".repeat(32);
      // A data-rights request that exists for nobody: staff get 404 (or 400 for a missing body).
      if (url.startsWith("/api/data-rights-requests/") && name === "id") return "2147483000";
      // Sync: a request or batch that exists for nobody (allowed roles get 404 or 400, nothing changes).
      if (url.startsWith("/api/sync/") && name === "id") return "2147483000";
      // A school year that exists for nobody: the Admin gets 404, never a year switched or deleted.
      if (url.startsWith("/api/settings/school-years/") && name === "id") return "2147483000";
      // A desk family that exists for nobody: Admin and Secretaria get 404 (or 400 for a missing body).
      if (url.startsWith("/api/desk/") && name === "id") return "2147483000";
      if (name === "kind") return "new";
      // Elections: an election, list, position or organization that exists for nobody (404, or 400
      // for a missing body: nothing changes).
      if (
        (url.includes("/elections") || url.includes("/election-")) &&
        ["id", "listId", "candidateId", "candidacyId"].includes(name)
      ) {
        return "2147483000";
      }
      // Settings › Data retention: a hold or run that exists for nobody (404; without a body, a run is 400).
      if (url.startsWith("/api/settings/retention/") && name === "id") return "2147483000";
      // Settings › General's per-year sections: a year that exists for nobody.
      if (name === "schoolYearId") return "2147483000";
      // A message that exists for nobody: the staff get 404, nothing is sent.
      if (url.startsWith("/api/messages/") && name === "id") return "2147483000";
      // The breach register: a breach that exists for nobody (the Admin gets 404 or 400, nothing changes).
      if (url.startsWith("/api/breaches/") && name === "id") return "2147483000";
      // Re-enrollment campaigns: a campaign that exists for nobody (404, or 400 for a missing body or query).
      if (url.includes("campaigns/") && name === "id") return "2147483000";
      // The photos' request id, unknown too: allowed roles get 404 REQUEST_NOT_FOUND.
      if (name === "requestId") return "2147483000";
      // Settings › Documents: a document that exists for nobody (404, or 400 without a body).
      if (name === "documentId") return "2147483000";
      if (name === "step") return "studentFile";
      if (name === "language") return "es";
      if (name === "document") return "summary";
      if (name === "item") return "contract";
      if (name === "id") return String(someUserId);
      if (name === "name") return "levels";
      // A status name; the matrix sends no body, so an allowed Admin gets 400 and nothing changes.
      if (name === "status") return "Cancelled";
      throw new Error(`no value for path parameter :${name} in ${url}: add one to the access-matrix spec`);
    });
  }

  it("covers every declared route: only the SPA wildcard and the logo are public outside /api", () => {
    const publicOutsideApi = t.routes
      .filter((route) => !route.url.startsWith("/api/"))
      .map((route) => [label(route), route.access]);
    expect(publicOutsideApi).toEqual([
      ["GET /branding/logo", "public"],
      ["GET /*", "public"],
    ]);
  });

  const guarded = () => t.routes.filter((route) => route.access && route.access !== "public");

  it("answers 401 UNAUTHENTICATED to anonymous callers", async () => {
    expect(guarded().length).toBeGreaterThan(0);
    for (const route of guarded()) {
      const response = await call(t, { method: route.method as "GET", url: fillParams(route.url) });
      expect(response.statusCode, label(route)).toBe(401);
      expect(errorOf(response).code, label(route)).toBe("UNAUTHENTICATED");
    }
  });

  for (const role of ROLES) {
    it(`lets ${role} through exactly where the permission table allows it`, async () => {
      for (const route of guarded()) {
        const access = route.access as Exclude<DeclaredRoute["access"], "public" | undefined>;
        // A fresh session per call: logout ends it, and no call may depend on an earlier one.
        const cookie = await loginAs(t, emails.get(role)!);
        const response = await call(t, { method: route.method as "GET", url: fillParams(route.url), cookie });
        const what = `${role} → ${label(route)} (${response.statusCode} ${response.body.slice(0, 200)})`;
        if (rolesFor(access).includes(role)) {
          expect([401, 403], what).not.toContain(response.statusCode);
          expect(response.statusCode, what).toBeLessThan(500);
        } else {
          expect(response.statusCode, what).toBe(403);
          expect(errorOf(response).code, what).toBe("FORBIDDEN");
        }
      }
      // A sign-in (password hash, and the second factor for staff) per route: 5–11 s alone, over
      // the default 20 s when the machine is busy with other suites.
    }, 90_000);
  }
});
