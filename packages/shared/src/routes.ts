import { rolesFor } from "./permissions.ts";
import { FAMILY_ROLES, ROLES, type Role } from "./roles.ts";

/**
 * The one route table (spec section 2). The SPA builds its router and menu from it; the access
 * rule lives in route-access.ts. Titles come from the i18n key `routes.<id>`.
 */
export type RouteAccess = "public" | "publicOnly" | "protected";

export interface RouteNode {
  /** Stable id, also the i18n key `routes.<id>` and the SPA's screen key. */
  id: string;
  /** Path segment relative to the parent (no leading slash for children). */
  path: string;
  access: RouteAccess;
  /** Roles allowed here; omitted on a child means "the parent's roles". */
  roles?: readonly Role[];
  hideInMenu?: boolean;
  /** The roles whose menu lists it, when fewer than those allowed in (the desk's staff in the wizard). */
  menuRoles?: readonly Role[];
  /**
   * Menu-only grouping: the menu lists this child under a top-level group of this id (placed right
   * after its route parent) instead of under its parent. The URL and the access rule do not change.
   */
  menuGroup?: string;
  /** Declared but not routed: the entry exists (menu or data) and no screen is served. */
  hideInRoute?: boolean;
  /** Child path the parent redirects to when opened by itself. */
  defaultChild?: string;
  /** `planned` screens belong to later work and show a plain "not available yet" page. */
  status?: "built" | "planned";
  children?: readonly RouteNode[];
}

const ALL: readonly Role[] = ROLES;
const FAMILY: readonly Role[] = FAMILY_ROLES;
const DASHBOARD: readonly Role[] = ["Admin", "Secretaria", "Consulta", "Editor"];
const INSCRIPTIONS: readonly Role[] = ["Admin", "Secretaria", "Consulta"];
const REPORTS: readonly Role[] = ["Admin", "Secretaria", "Editor", "Consulta"];
const ADMIN: readonly Role[] = ["Admin"];
const ELECTIONS: readonly Role[] = rolesFor("electionsView");

const planned = (id: string, path: string, extra: Partial<RouteNode> = {}): RouteNode => ({
  id,
  path,
  access: "protected",
  status: "planned",
  ...extra,
});

/** Spec 2 "Public and system screens"; the exact paths are ours. */
export const PUBLIC_ROUTES: readonly RouteNode[] = [
  { id: "login", path: "/login", access: "publicOnly", status: "built" },
  { id: "register", path: "/register", access: "publicOnly", status: "built" },
  { id: "forgotPassword", path: "/forgot-password", access: "publicOnly", status: "built" },
  { id: "resetPassword", path: "/reset-password/:token", access: "publicOnly", status: "built" },
  { id: "accountActivate", path: "/account-activate/:token", access: "public", status: "built" },
  // A second parent's invitation: public, so it explains itself and lets its address register.
  { id: "householdInvitation", path: "/household-invitation/:token", access: "public", status: "built" },
  // A re-enrollment campaign's e-mailed link: its family's answer form, nothing else (docs/rules/campaigns.md).
  { id: "campaignAnswer", path: "/reenrollment-answer/:token", access: "public", status: "built" },
  // A legal representative's e-mailed signing link: one document of one request (docs/rules/documents.md "Signing online").
  { id: "signingLink", path: "/sign/:token", access: "public", status: "built" },
  // The public checker of documents signed online (docs/rules/documents.md "Checking a document").
  { id: "documentCheck", path: "/verify-document", access: "public", status: "built" },
  { id: "maintenance", path: "/maintenance", access: "public", status: "built" },
  { id: "pageNotFound", path: "/page-not-found", access: "public", status: "built" },
  { id: "unauthorized", path: "/unauthorized", access: "public", status: "built" },
  { id: "invalidAccess", path: "/invalid-access", access: "public", status: "built" },
];

const WIZARD_STEPS = [
  ["welcome", "bienvenido"],
  ["studentFile", "ficha-del-alumno"],
  ["enrollmentYear", "anio-inscripcion"],
  ["terms", "terminos-y-condiciones"],
  ["firstRepresentative", "primer-representante-legal"],
  ["secondRepresentative", "segundo-representante-legal"],
  ["authorizedPersons", "personas-autorizadas"],
  ["studentPhoto", "foto-del-alumno"],
  ["academicHistory", "historial-academico-del-alumno"],
  ["financialInformation", "informacion-financiera"],
  ["schoolTransport", "informacion-servicio-de-transporte-escolar"],
  ["exitAuthorization", "autorizacion-de-salida"],
  ["medicalRecord", "ficha-medica"],
  ["summary", "resumen-del-registro"],
  ["congratulations", "felicitaciones"],
] as const;

/** The fifteen wizard steps in order (spec 2 table), with their Spanish paths. */
export const WIZARD_STEP_PATHS: readonly { id: string; path: string; number: number }[] = WIZARD_STEPS.map(
  ([id, path], index) => ({ id: `wizard.${id}`, path, number: index + 1 }),
);

/** Wizard steps whose screens exist; the others still show the "not available yet" page. */
const BUILT_WIZARD_STEPS: readonly string[] = [
  "wizard.summary",
  "wizard.congratulations",
  "wizard.welcome",
  "wizard.studentFile",
  "wizard.enrollmentYear",
  "wizard.terms",
  "wizard.firstRepresentative",
  "wizard.secondRepresentative",
  "wizard.authorizedPersons",
  "wizard.academicHistory",
  "wizard.financialInformation",
  "wizard.studentPhoto",
  "wizard.schoolTransport",
  "wizard.exitAuthorization",
  "wizard.medicalRecord",
];

const ADMIN_MODULES = [
  ["studentRecord", "student-record/:id"],
  ["enrollmentYear", "enrollment-year/:id"],
  ["conditionsAndTerms", "conditions-and-terms/:id"],
  ["firstRepresentative", "first-representative/:id"],
  ["secondRepresentative", "second-representative/:id"],
  ["authorizedPersons", "authorized-persons/:id"],
  ["studentPhoto", "student-photo/:id"],
  ["academicRecord", "academic-record-of-the-student/:id"],
  ["financialInformation", "financial-information/:id"],
  ["schoolTransport", "information-school-transportation-service/:id"],
  ["exitAuthorization", "exit-authorization/:id"],
  ["medicalRecord", "medical-record/:id"],
] as const;

/** The application area under the base prefix {m} = /portal. */
export const APP_ROUTES: readonly RouteNode[] = [
  {
    id: "inscripciones",
    path: "inscripciones",
    access: "protected",
    // The desk's staff fill the family's wizard for a walk-in family (docs/rules/staff-workflow.md
    // "Walk-in families"); only families have it in their menu.
    roles: [...FAMILY, ...rolesFor("householdsDesk")],
    menuRoles: FAMILY,
    // The family's "My enrollments" entry: one link to the welcome page, the way back to
    // its students from anywhere; the fifteen steps stay out of the menu (the wizard has its stepper).
    defaultChild: "bienvenido",
    children: [
      ...WIZARD_STEP_PATHS.map(({ id, path }) =>
        planned(id, path, { hideInMenu: true, ...(BUILT_WIZARD_STEPS.includes(id) ? { status: "built" } : {}) }),
      ),
      // Not in spec 2: a sent file's document read and signed online by the account's representative
      // (docs/rules/documents.md "Signing online"); families only, not the desk's staff.
      planned("familySigning", "firmar/:fileId/:documentId", {
        roles: rolesFor("signingOwn"),
        hideInMenu: true,
        status: "built",
      }),
    ],
  },
  {
    id: "elections",
    path: "elecciones",
    access: "protected",
    // Spec 2: role User, and the Admin's menu; not the other staff.
    roles: ELECTIONS,
    defaultChild: "en-curso",
    children: [
      planned("elections.inProgress", "en-curso", { status: "built" }),
      planned("elections.upcoming", "proximamente", { status: "built" }),
      planned("elections.completed", "completadas", { status: "built" }),
      planned("elections.candidates", "candidatos/:id", { hideInMenu: true, status: "built" }),
      planned("elections.organizations", "organizaciones/:id", { hideInMenu: true, status: "built" }),
    ],
  },
  // Not in spec 2: the family's messages from the school (docs/rules/messages.md), newest first.
  { id: "messages", path: "mensajes", access: "protected", roles: rolesFor("messagesOwn"), status: "built" },
  {
    id: "account",
    path: "account",
    access: "protected",
    roles: ALL,
    hideInMenu: true,
    defaultChild: "user",
    children: [
      { id: "account.user", path: "user", access: "protected", status: "built" },
      // "My data" (LOPDP art. 17 portability, docs/data-protection.md): the family's archive.
      { id: "account.myData", path: "my-data", access: "protected", roles: FAMILY, status: "built" },
      // Withdrawing a child's image or data-use consent (LOPDP; docs/rules/data-protection.md).
      { id: "account.consents", path: "consents", access: "protected", roles: FAMILY, status: "built" },
      // Data-rights requests (LOPDP arts. 13–17, docs/rules/data-protection.md): the family's own.
      { id: "account.dataRights", path: "data-rights", access: "protected", roles: FAMILY, status: "built" },
      // Households: the invitation's links mailed before it moved to /household-invitation/:token.
      {
        id: "account.householdJoin",
        path: "household/join/:token",
        access: "protected",
        roles: FAMILY,
        status: "built",
        hideInMenu: true,
      },
      // Sidebar notification entries: present in the account menu, not routed (spec 2).
      { id: "account.notifications.email", path: "notifications/email", access: "protected", hideInRoute: true },
      { id: "account.notifications.sms", path: "notifications/sms", access: "protected", hideInRoute: true },
    ],
  },
  {
    id: "inscriptions",
    path: "dashboards/inscriptions",
    access: "protected",
    roles: INSCRIPTIONS,
    defaultChild: "without-treating",
    children: [
      planned("inscriptions.allRequest", "all-request", { status: "built" }),
      planned("inscriptions.withoutTreating", "without-treating", { status: "built" }),
      planned("inscriptions.acceptedRequest", "accepted-request", { hideInMenu: true, status: "built" }),
      planned("inscriptions.validatedRequest", "validated-request", { status: "built" }),
      planned("inscriptions.confirmedRequest", "confirmed-request", { status: "built" }),
      planned("inscriptions.refusedRequest", "refused-request", { status: "built" }),
      planned("inscriptions.discontinuedRequest", "descontinued-request", { status: "built" }),
      planned("inscriptions.inProcess", "in-process", { status: "built" }),
      planned("inscriptions.photos", "photos", { hideInMenu: true, status: "built" }),
      planned("inscriptions.legalRepresentatives", "legal-representatives", {
        status: "built",
        menuGroup: "representatives",
      }),
      planned("inscriptions.firstRepresentatives", "first-representatives", {
        status: "built",
        menuGroup: "representatives",
      }),
      planned("inscriptions.secondRepresentatives", "second-representatives", {
        status: "built",
        menuGroup: "representatives",
      }),
      planned("inscriptions.requestNotFound", "request-not-found", { hideInMenu: true, status: "built" }),
      planned("inscriptions.requestDetail", "request-detail/:id", { hideInMenu: true, status: "built" }),
      // The request as the BUE receives it (the inscriptions roles = the syncView permission's).
      planned("inscriptions.requestBueMigration", "request-bue-migration/:id", { hideInMenu: true, status: "built" }),
      ...ADMIN_MODULES.map(([id, path]) =>
        planned(`inscriptions.module.${id}`, path, { hideInMenu: true, status: "built" }),
      ),
    ],
  },
  {
    id: "reports",
    path: "reports",
    access: "protected",
    roles: REPORTS,
    defaultChild: "student-information",
    children: [
      planned("reports.studentInformation", "student-information", { status: "built" }),
      planned("reports.representativeInformation", "representative-information", { status: "built" }),
      planned("reports.authorizationPersons", "autorization-persons", { status: "built" }),
      planned("reports.photoExport", "photo-export", { hideInMenu: true, status: "built" }),
    ],
  },
  {
    id: "settings",
    path: "dashboards/settings",
    access: "protected",
    roles: ADMIN,
    defaultChild: "general",
    children: [
      { id: "settings.academicYear", path: "academic-year", access: "protected", status: "built" },
      { id: "settings.requestStatus", path: "request-status", access: "protected", status: "built" },
      // Not in spec 2: the Admin's wording of every e-mail (docs/rules/settings.md "E-mail texts").
      { id: "settings.emailTexts", path: "email-texts", access: "protected", status: "built" },
      // Not in spec 2: the school's own documents (docs/rules/documents.md "The school's own documents").
      { id: "settings.documents", path: "documents", access: "protected", status: "built" },
      { id: "settings.general", path: "general", access: "protected", status: "built" },
      { id: "settings.files", path: "files", access: "protected", status: "built" },
      { id: "settings.users", path: "users", access: "protected", status: "built" },
      { id: "settings.userDetail", path: "users/:id", access: "protected", status: "built", hideInMenu: true },
      { id: "settings.auditLog", path: "audit-log", access: "protected", status: "built" },
      // Not in spec 2: LOPDP retention periods, legal holds and the purge (docs/rules/data-protection.md).
      { id: "settings.retention", path: "data-retention", access: "protected", status: "built" },
      // Not in spec 2: the families' automatic reminders (docs/rules/reminders.md).
      { id: "settings.reminders", path: "reminders", access: "protected", status: "built" },
      // Not in spec 2: the LOPDP art. 51 register of processing activities.
      { id: "settings.processingRegister", path: "processing-register", access: "protected", status: "built" },
      // Not in spec 2: the personal-data breach register (docs/rules/data-protection.md "Breach register").
      { id: "settings.breaches", path: "data-breaches", access: "protected", status: "built" },
      {
        id: "settings.breachDetail",
        path: "data-breaches/:id",
        access: "protected",
        status: "built",
        hideInMenu: true,
      },
      // Spec 2 hides /home but names "catalogues" in the settings menu: the menu links to it.
      { id: "settings.home", path: "home", access: "protected", status: "built" },
      { id: "settings.roles", path: "roles", access: "protected", status: "built", hideInMenu: true },
      // Spec 2 hides these five yet lists their labels in the settings menu: shown there
      // (as catalogues is); "candidates" and "candidate elections" are the lists screen's work.
      planned("settings.elections", "elections", { status: "built" }),
      planned("settings.positions", "positions", { status: "built" }),
      planned("settings.organizations", "organizations", { status: "built" }),
      planned("settings.organizationsAssociate", "organizations-associate", { status: "built" }),
      planned("settings.electionsResult", "elections-result", { status: "built" }),
    ],
  },
  // Spec 2 admin menu order: Settings, then Dashboard, Documents, Sync and Medical record (docs/rules/screens.md "Routes, menus and guards").
  planned("dashboard", "dashboard", { roles: DASHBOARD, status: "built" }),
  {
    id: "documents",
    path: "documents",
    access: "protected",
    roles: REPORTS,
    // Built, and in the menu as spec 2's admin menu lists it; spec 2's "hidden from
    // menu" is the `default` page's own flag (docs/rules/screens.md "Routes, menus and guards"). View: documentsView's roles.
    defaultChild: "default",
    children: [planned("documents.default", "default", { hideInMenu: true, status: "built" })],
  },
  // The spec names Sync and Medical record admin menu entries without paths; these are ours.
  // The roles of the syncView permission (Consulta reads; changes need syncManage).
  planned("sync", "sync", { roles: rolesFor("syncView"), status: "built" }),
  // The roles of the medicalRecordsView permission (not Editor).
  planned("medicalRecords", "medical-records", { roles: rolesFor("medicalRecordsView"), status: "built" }),
  // Not in spec 2: messages from the school to the families of a list (docs/rules/messages.md),
  // the messagesSend permission's roles. The menu links to the sent messages; "Write" opens from it.
  {
    id: "familyMessages",
    path: "family-messages",
    access: "protected",
    roles: rolesFor("messagesSend"),
    defaultChild: "sent",
    children: [
      planned("familyMessages.sent", "sent", { hideInMenu: true, status: "built" }),
      planned("familyMessages.compose", "compose", { hideInMenu: true, status: "built" }),
      planned("familyMessages.message", "message/:id", { hideInMenu: true, status: "built" }),
    ],
  },
  // Not in spec 2: re-enrollment campaigns (docs/rules/campaigns.md). The family's answer form,
  // linked from its welcome page while a campaign is open for it; the staff's campaigns.
  planned("familyCampaign", "reenrollment", { roles: FAMILY, hideInMenu: true, status: "built" }),
  {
    id: "campaigns",
    path: "reenrollment-campaigns",
    access: "protected",
    roles: rolesFor("campaignsManage"),
    defaultChild: "list",
    children: [
      planned("campaigns.list", "list", { hideInMenu: true, status: "built" }),
      planned("campaigns.campaign", "campaign/:id", { hideInMenu: true, status: "built" }),
    ],
  },
  // Not in spec 2: the families' data-rights requests (docs/rules/data-protection.md), the
  // dataRightsManage permission's roles. The menu links to the queue; a request opens from it.
  // Not in spec 2: enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"), the
  // householdsDesk permission's roles. The menu opens the new family's form and the list of the desk's families; a family opens from either.
  {
    id: "desk",
    path: "desk",
    access: "protected",
    roles: rolesFor("householdsDesk"),
    defaultChild: "new-family",
    children: [
      planned("desk.newFamily", "new-family", { status: "built" }),
      planned("desk.families", "families", { status: "built" }),
      planned("desk.family", "families/:id", { hideInMenu: true, status: "built" }),
    ],
  },
  {
    id: "dataRights",
    path: "data-rights-requests",
    access: "protected",
    roles: rolesFor("dataRightsManage"),
    defaultChild: "queue",
    children: [
      planned("dataRights.queue", "queue", { hideInMenu: true, status: "built" }),
      planned("dataRights.request", "request/:id", { hideInMenu: true, status: "built" }),
    ],
  },
];
