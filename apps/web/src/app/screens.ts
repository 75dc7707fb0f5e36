import { STAFF_MODULES } from "@portal/shared/staff-modules";
import type { ReactNode } from "react";
import type { ElectionScreen } from "../features/elections/election-screens.ts";
import { i18n, loadInEveryLanguage } from "../lib/i18n.ts";
import { type LazyScreen, lazyScreen } from "./lazy-screen.ts";

/** The elections' screens (features/elections/election-screens.ts). */
const ELECTION_SCREEN_IDS: readonly ElectionScreen[] = [
  "elections.inProgress",
  "elections.upcoming",
  "elections.completed",
  "elections.candidates",
  "elections.organizations",
  "settings.elections",
  "settings.positions",
  "settings.organizations",
  "settings.organizationsAssociate",
  "settings.electionsResult",
];

/** The built screens, by route id (packages/shared/src/routes.ts). Planned routes use PlannedScreen. */
export const SCREENS: Readonly<Record<string, LazyScreen>> = {
  // The form waits for the school years: asked beside its code.
  login: lazyScreen(
    () => import("../features/auth/login-page.tsx").then((m) => m.LoginPage),
    () => import("../features/auth/api/auth-api.ts").then((m) => m.prefetchSchoolYears()),
  ),
  register: lazyScreen(() => import("../features/auth/register-page.tsx").then((m) => m.RegisterPage)),
  forgotPassword: lazyScreen(() =>
    import("../features/auth/forgot-password-page.tsx").then((m) => m.ForgotPasswordPage),
  ),
  resetPassword: lazyScreen(() => import("../features/auth/reset-password-page.tsx").then((m) => m.ResetPasswordPage)),
  // Public, but its password form speaks `users` (the invitation's words).
  accountActivate: lazyScreen(
    () => import("../features/auth/activate-page.tsx").then((m) => m.ActivatePage),
    () => i18n.loadNamespaces("users"),
  ),
  maintenance: lazyScreen(() => import("../features/system/maintenance-page.tsx").then((m) => m.MaintenancePage)),
  pageNotFound: lazyScreen(() => import("../features/system/page-not-found-page.tsx").then((m) => m.PageNotFoundPage)),
  unauthorized: lazyScreen(() => import("../features/system/unauthorized-page.tsx").then((m) => m.UnauthorizedPage)),
  invalidAccess: lazyScreen(() =>
    import("../features/system/invalid-access-page.tsx").then((m) => m.InvalidAccessPage),
  ),
  "account.user": lazyScreen(() => import("../features/account/account-page.tsx").then((m) => m.AccountPage)),
  "account.myData": lazyScreen(() => import("../features/my-data/my-data-page.tsx").then((m) => m.MyDataPage)),
  "account.consents": lazyScreen(() => import("../features/consents/consents-page.tsx").then((m) => m.ConsentsPage)),
  "account.dataRights": lazyScreen(() =>
    import("../features/data-rights/family-data-rights-page.tsx").then((m) => m.FamilyDataRightsPage),
  ),
  "desk.newFamily": lazyScreen(() => import("../features/desk/new-family-page.tsx").then((m) => m.NewFamilyPage)),
  "desk.families": lazyScreen(() => import("../features/desk/desk-families-page.tsx").then((m) => m.DeskFamiliesPage)),
  "desk.family": lazyScreen(() => import("../features/desk/desk-family-page.tsx").then((m) => m.DeskFamilyPage)),
  "dataRights.queue": lazyScreen(() =>
    import("../features/data-rights/data-rights-queue-page.tsx").then((m) => m.DataRightsQueuePage),
  ),
  "dataRights.request": lazyScreen(() =>
    import("../features/data-rights/data-rights-request-page.tsx").then((m) => m.DataRightsRequestPage),
  ),
  messages: lazyScreen(() => import("../features/messages/family-messages-page.tsx").then((m) => m.FamilyMessagesPage)),
  "familyMessages.sent": lazyScreen(() =>
    import("../features/messages/sent-messages-page.tsx").then((m) => m.SentMessagesPage),
  ),
  "familyMessages.compose": lazyScreen(() =>
    import("../features/messages/compose-message-page.tsx").then((m) => m.ComposeMessagePage),
  ),
  "familyMessages.message": lazyScreen(() =>
    import("../features/messages/message-page.tsx").then((m) => m.MessagePage),
  ),
  // The invitation's screen speaks `account` before anyone signs in.
  householdInvitation: lazyScreen(
    () => import("../features/account/household-join-page.tsx").then((m) => m.HouseholdJoinPage),
    () => i18n.loadNamespaces("account"),
  ),
  // The e-mailed link's screen speaks `campaigns` before anyone signs in.
  campaignAnswer: lazyScreen(
    () => import("../features/campaigns/campaign-link-page.tsx").then((m) => m.CampaignLinkPage),
    () => i18n.loadNamespaces("campaigns"),
  ),
  // The e-mailed signing link's screen speaks `signing` before anyone signs in.
  signingLink: lazyScreen(
    () => import("../features/signing/signing-link-page.tsx").then((m) => m.SigningLinkPage),
    () => i18n.loadNamespaces("signing"),
  ),
  // The public checker speaks `signing` before anyone signs in.
  documentCheck: lazyScreen(
    () => import("../features/document-check/document-check-page.tsx").then((m) => m.DocumentCheckPage),
    () => i18n.loadNamespaces("signing"),
  ),
  familySigning: lazyScreen(() =>
    import("../features/signing/family-signing-page.tsx").then((m) => m.FamilySigningPage),
  ),
  familyCampaign: lazyScreen(() =>
    import("../features/campaigns/family-campaign-page.tsx").then((m) => m.FamilyCampaignPage),
  ),
  "campaigns.list": lazyScreen(() => import("../features/campaigns/campaigns-page.tsx").then((m) => m.CampaignsPage)),
  "campaigns.campaign": lazyScreen(() => import("../features/campaigns/campaign-page.tsx").then((m) => m.CampaignPage)),
  "account.householdJoin": lazyScreen(() =>
    import("../features/account/household-join-page.tsx").then((m) => m.HouseholdJoinPage),
  ),
  // The notices section shows the portal's own text in the three languages at once.
  "settings.general": lazyScreen(
    () => import("../features/settings/general-settings-page.tsx").then((m) => m.GeneralSettingsPage),
    () => loadInEveryLanguage(["enrollment"]),
  ),
  "settings.files": lazyScreen(() =>
    import("../features/file-settings/file-settings-page.tsx").then((m) => m.FileSettingsPage),
  ),
  "settings.academicYear": lazyScreen(() =>
    import("../features/school-years/school-years-page.tsx").then((m) => m.SchoolYearsPage),
  ),
  "settings.users": lazyScreen(() => import("../features/users/users-page.tsx").then((m) => m.UsersPage)),
  "settings.userDetail": lazyScreen(() =>
    import("../features/users/user-detail-page.tsx").then((m) => m.UserDetailPage),
  ),
  "reports.studentInformation": lazyScreen(() =>
    import("../features/reports/report-page.tsx").then((m) => m.StudentReportPage),
  ),
  "reports.representativeInformation": lazyScreen(() =>
    import("../features/reports/report-page.tsx").then((m) => m.RepresentativeReportPage),
  ),
  "reports.authorizationPersons": lazyScreen(() =>
    import("../features/reports/report-page.tsx").then((m) => m.AuthorizedPersonsReportPage),
  ),
  "settings.breaches": lazyScreen(() => import("../features/breaches/breaches-page.tsx").then((m) => m.BreachesPage)),
  "settings.breachDetail": lazyScreen(() =>
    import("../features/breaches/breach-detail-page.tsx").then((m) => m.BreachDetailPage),
  ),
  "settings.auditLog": lazyScreen(() => import("../features/audit/audit-log-page.tsx").then((m) => m.AuditLogPage)),
  "settings.reminders": lazyScreen(() =>
    import("../features/reminders/reminders-page.tsx").then((m) => m.RemindersPage),
  ),
  "settings.retention": lazyScreen(() =>
    import("../features/retention/retention-page.tsx").then((m) => m.RetentionPage),
  ),
  "settings.processingRegister": lazyScreen(() =>
    import("../features/retention/processing-register-page.tsx").then((m) => m.ProcessingRegisterPage),
  ),
  "settings.home": lazyScreen(() =>
    import("../features/catalog-admin/catalog-admin-page.tsx").then((m) => m.CatalogAdminPage),
  ),
  "documents.default": lazyScreen(() =>
    import("../features/documents/documents-page.tsx").then((m) => m.DocumentsPage),
  ),
  "settings.roles": lazyScreen(() => import("../features/roles/roles-page.tsx").then((m) => m.RolesPage)),
  "reports.photoExport": lazyScreen(() =>
    import("../features/photo-export/photo-export-page.tsx").then((m) => m.PhotoExportPage),
  ),
  medicalRecords: lazyScreen(() =>
    import("../features/medical-records/medical-records-page.tsx").then((m) => m.MedicalRecordsPage),
  ),
  sync: lazyScreen(() => import("../features/sync/sync-page.tsx").then((m) => m.SyncPage)),
  // The elections: the families' pages and the Admin's settings, one chunk each,
  // through one small module.
  ...Object.fromEntries(
    ELECTION_SCREEN_IDS.map((id) => [
      id,
      lazyScreen(() => import("../features/elections/election-screens.ts").then((m) => m.ELECTION_SCREENS[id]())),
    ]),
  ),
  "inscriptions.requestBueMigration": lazyScreen(() =>
    import("../features/sync/request-bue-migration-page.tsx").then((m) => m.RequestBueMigrationPage),
  ),
  "settings.requestStatus": lazyScreen(() =>
    import("../features/status-texts/status-texts-page.tsx").then((m) => m.StatusTextsPage),
  ),
  "settings.emailTexts": lazyScreen(() =>
    import("../features/email-texts/email-texts-page.tsx").then((m) => m.EmailTextsPage),
  ),
  "settings.documents": lazyScreen(() =>
    import("../features/school-documents/school-documents-page.tsx").then((m) => m.SchoolDocumentsPage),
  ),
  dashboard: lazyScreen(() => import("../features/dashboard/dashboard-page.tsx").then((m) => m.DashboardPage)),
  "inscriptions.allRequest": lazyScreen(() =>
    import("../features/inscriptions/request-list-page.tsx").then((m) => m.AllRequestPage),
  ),
  "inscriptions.withoutTreating": lazyScreen(() =>
    import("../features/inscriptions/request-list-page.tsx").then((m) => m.WithoutTreatingPage),
  ),
  "inscriptions.acceptedRequest": lazyScreen(() =>
    import("../features/inscriptions/request-list-page.tsx").then((m) => m.AcceptedRequestPage),
  ),
  "inscriptions.validatedRequest": lazyScreen(() =>
    import("../features/inscriptions/request-list-page.tsx").then((m) => m.ValidatedRequestPage),
  ),
  "inscriptions.confirmedRequest": lazyScreen(() =>
    import("../features/inscriptions/request-list-page.tsx").then((m) => m.ConfirmedRequestPage),
  ),
  "inscriptions.refusedRequest": lazyScreen(() =>
    import("../features/inscriptions/request-list-page.tsx").then((m) => m.RefusedRequestPage),
  ),
  "inscriptions.discontinuedRequest": lazyScreen(() =>
    import("../features/inscriptions/request-list-page.tsx").then((m) => m.DiscontinuedRequestPage),
  ),
  "inscriptions.inProcess": lazyScreen(() =>
    import("../features/inscriptions/request-list-page.tsx").then((m) => m.InProcessPage),
  ),
  "inscriptions.legalRepresentatives": lazyScreen(() =>
    import("../features/inscriptions/representative-list-page.tsx").then((m) => m.LegalRepresentativesPage),
  ),
  "inscriptions.firstRepresentatives": lazyScreen(() =>
    import("../features/inscriptions/representative-list-page.tsx").then((m) => m.FirstRepresentativesPage),
  ),
  "inscriptions.secondRepresentatives": lazyScreen(() =>
    import("../features/inscriptions/representative-list-page.tsx").then((m) => m.SecondRepresentativesPage),
  ),
  "inscriptions.requestDetail": lazyScreen(() =>
    import("../features/inscriptions/request-detail-page.tsx").then((m) => m.RequestDetailPage),
  ),
  // The twelve module pages: one screen each, the wizard's step page in the staff's host.
  ...Object.fromEntries(
    STAFF_MODULES.map(({ module, step }) => [
      `inscriptions.module.${module}`,
      lazyScreen(() => import("../features/inscriptions/module-page.tsx").then((m) => m.modulePageFor(step))),
    ]),
  ),
  "inscriptions.photos": lazyScreen(() => import("../features/photos/photos-page.tsx").then((m) => m.PhotosPage)),
  "inscriptions.requestNotFound": lazyScreen(() =>
    import("../features/inscriptions/request-not-found-page.tsx").then((m) => m.RequestNotFoundPage),
  ),
  "wizard.welcome": lazyScreen(() => import("../features/enrollment/welcome-page.tsx").then((m) => m.WelcomePage)),
  "wizard.studentFile": lazyScreen(() =>
    import("../features/enrollment/student-file-page.tsx").then((m) => m.StudentFilePage),
  ),
  "wizard.enrollmentYear": lazyScreen(() =>
    import("../features/enrollment/enrollment-year-page.tsx").then((m) => m.EnrollmentYearPage),
  ),
  "wizard.terms": lazyScreen(() => import("../features/enrollment/terms-page.tsx").then((m) => m.TermsPage)),
  "wizard.firstRepresentative": lazyScreen(() =>
    import("../features/enrollment/representative-page.tsx").then((m) => m.FirstRepresentativePage),
  ),
  "wizard.secondRepresentative": lazyScreen(() =>
    import("../features/enrollment/representative-page.tsx").then((m) => m.SecondRepresentativePage),
  ),
  "wizard.authorizedPersons": lazyScreen(() =>
    import("../features/enrollment/authorized-persons-page.tsx").then((m) => m.AuthorizedPersonsPage),
  ),
  "wizard.academicHistory": lazyScreen(() =>
    import("../features/enrollment/academic-history-page.tsx").then((m) => m.AcademicHistoryPage),
  ),
  "wizard.financialInformation": lazyScreen(() =>
    import("../features/enrollment/finance-page.tsx").then((m) => m.FinancePage),
  ),
  "wizard.studentPhoto": lazyScreen(() =>
    import("../features/enrollment/student-photo-page.tsx").then((m) => m.StudentPhotoPage),
  ),
  "wizard.schoolTransport": lazyScreen(() =>
    import("../features/enrollment/transport-page.tsx").then((m) => m.TransportPage),
  ),
  "wizard.exitAuthorization": lazyScreen(() =>
    import("../features/enrollment/exit-authorization-page.tsx").then((m) => m.ExitAuthorizationPage),
  ),
  "wizard.medicalRecord": lazyScreen(() =>
    import("../features/enrollment/medical-record-page.tsx").then((m) => m.MedicalRecordPage),
  ),
  "wizard.summary": lazyScreen(() =>
    import("../features/enrollment/summary/summary-page.tsx").then((m) => m.SummaryPage),
  ),
  "wizard.congratulations": lazyScreen(() =>
    import("../features/enrollment/congratulations/congratulations-page.tsx").then((m) => m.CongratulationsPage),
  ),
};

/** The enrollment wizard's frame (progress beside the step), around every `wizard.*` route. */
export const WizardFrame = lazyScreen<{ routeId: string; children: ReactNode }>(() =>
  import("../features/enrollment/wizard-frame.tsx").then((m) => m.WizardFrame),
);

/** The one page every planned route shows until its screen is built. */
export const PlannedScreen = lazyScreen<{ routeId: string }>(() =>
  import("../features/placeholder/planned-page.tsx").then((m) => m.PlannedPage),
);
