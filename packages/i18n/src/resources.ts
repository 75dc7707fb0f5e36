import enAccount from "../locales/en/account.json" with { type: "json" };
import enAudit from "../locales/en/audit.json" with { type: "json" };
import enAuth from "../locales/en/auth.json" with { type: "json" };
import enBreaches from "../locales/en/breaches.json" with { type: "json" };
import enCampaigns from "../locales/en/campaigns.json" with { type: "json" };
import enCatalogAdmin from "../locales/en/catalogAdmin.json" with { type: "json" };
import enCommon from "../locales/en/common.json" with { type: "json" };
import enDashboard from "../locales/en/dashboard.json" with { type: "json" };
import enDataRights from "../locales/en/dataRights.json" with { type: "json" };
import enDesk from "../locales/en/desk.json" with { type: "json" };
import enDocuments from "../locales/en/documents.json" with { type: "json" };
import enDocumentsPage from "../locales/en/documentsPage.json" with { type: "json" };
import enElections from "../locales/en/elections.json" with { type: "json" };
import enEmail from "../locales/en/email.json" with { type: "json" };
import enEmailTexts from "../locales/en/emailTexts.json" with { type: "json" };
import enEnrollment from "../locales/en/enrollment.json" with { type: "json" };
import enErrors from "../locales/en/errors.json" with { type: "json" };
import enFileSettings from "../locales/en/fileSettings.json" with { type: "json" };
import enInscriptions from "../locales/en/inscriptions.json" with { type: "json" };
import enMedicalRecords from "../locales/en/medicalRecords.json" with { type: "json" };
import enMessages from "../locales/en/messages.json" with { type: "json" };
import enPhotoExport from "../locales/en/photoExport.json" with { type: "json" };
import enPhotos from "../locales/en/photos.json" with { type: "json" };
import enReports from "../locales/en/reports.json" with { type: "json" };
import enRequestTabs from "../locales/en/requestTabs.json" with { type: "json" };
import enRetention from "../locales/en/retention.json" with { type: "json" };
import enRoutes from "../locales/en/routes.json" with { type: "json" };
import enSchoolDocuments from "../locales/en/schoolDocuments.json" with { type: "json" };
import enSchoolYears from "../locales/en/schoolYears.json" with { type: "json" };
import enSettings from "../locales/en/settings.json" with { type: "json" };
import enShell from "../locales/en/shell.json" with { type: "json" };
import enSigning from "../locales/en/signing.json" with { type: "json" };
import enStatusTexts from "../locales/en/statusTexts.json" with { type: "json" };
import enSync from "../locales/en/sync.json" with { type: "json" };
import enUsers from "../locales/en/users.json" with { type: "json" };
import enValidation from "../locales/en/validation.json" with { type: "json" };
import esAccount from "../locales/es/account.json" with { type: "json" };
import esAudit from "../locales/es/audit.json" with { type: "json" };
import esAuth from "../locales/es/auth.json" with { type: "json" };
import esBreaches from "../locales/es/breaches.json" with { type: "json" };
import esCampaigns from "../locales/es/campaigns.json" with { type: "json" };
import esCatalogAdmin from "../locales/es/catalogAdmin.json" with { type: "json" };
import esCommon from "../locales/es/common.json" with { type: "json" };
import esDashboard from "../locales/es/dashboard.json" with { type: "json" };
import esDataRights from "../locales/es/dataRights.json" with { type: "json" };
import esDesk from "../locales/es/desk.json" with { type: "json" };
import esDocuments from "../locales/es/documents.json" with { type: "json" };
import esDocumentsPage from "../locales/es/documentsPage.json" with { type: "json" };
import esElections from "../locales/es/elections.json" with { type: "json" };
import esEmail from "../locales/es/email.json" with { type: "json" };
import esEmailTexts from "../locales/es/emailTexts.json" with { type: "json" };
import esEnrollment from "../locales/es/enrollment.json" with { type: "json" };
import esErrors from "../locales/es/errors.json" with { type: "json" };
import esFileSettings from "../locales/es/fileSettings.json" with { type: "json" };
import esInscriptions from "../locales/es/inscriptions.json" with { type: "json" };
import esMedicalRecords from "../locales/es/medicalRecords.json" with { type: "json" };
import esMessages from "../locales/es/messages.json" with { type: "json" };
import esPhotoExport from "../locales/es/photoExport.json" with { type: "json" };
import esPhotos from "../locales/es/photos.json" with { type: "json" };
import esReports from "../locales/es/reports.json" with { type: "json" };
import esRequestTabs from "../locales/es/requestTabs.json" with { type: "json" };
import esRetention from "../locales/es/retention.json" with { type: "json" };
import esRoutes from "../locales/es/routes.json" with { type: "json" };
import esSchoolDocuments from "../locales/es/schoolDocuments.json" with { type: "json" };
import esSchoolYears from "../locales/es/schoolYears.json" with { type: "json" };
import esSettings from "../locales/es/settings.json" with { type: "json" };
import esShell from "../locales/es/shell.json" with { type: "json" };
import esSigning from "../locales/es/signing.json" with { type: "json" };
import esStatusTexts from "../locales/es/statusTexts.json" with { type: "json" };
import esSync from "../locales/es/sync.json" with { type: "json" };
import esUsers from "../locales/es/users.json" with { type: "json" };
import esValidation from "../locales/es/validation.json" with { type: "json" };
import frAccount from "../locales/fr/account.json" with { type: "json" };
import frAudit from "../locales/fr/audit.json" with { type: "json" };
import frAuth from "../locales/fr/auth.json" with { type: "json" };
import frBreaches from "../locales/fr/breaches.json" with { type: "json" };
import frCampaigns from "../locales/fr/campaigns.json" with { type: "json" };
import frCatalogAdmin from "../locales/fr/catalogAdmin.json" with { type: "json" };
import frCommon from "../locales/fr/common.json" with { type: "json" };
import frDashboard from "../locales/fr/dashboard.json" with { type: "json" };
import frDataRights from "../locales/fr/dataRights.json" with { type: "json" };
import frDesk from "../locales/fr/desk.json" with { type: "json" };
import frDocuments from "../locales/fr/documents.json" with { type: "json" };
import frDocumentsPage from "../locales/fr/documentsPage.json" with { type: "json" };
import frElections from "../locales/fr/elections.json" with { type: "json" };
import frEmail from "../locales/fr/email.json" with { type: "json" };
import frEmailTexts from "../locales/fr/emailTexts.json" with { type: "json" };
import frEnrollment from "../locales/fr/enrollment.json" with { type: "json" };
import frErrors from "../locales/fr/errors.json" with { type: "json" };
import frFileSettings from "../locales/fr/fileSettings.json" with { type: "json" };
import frInscriptions from "../locales/fr/inscriptions.json" with { type: "json" };
import frMedicalRecords from "../locales/fr/medicalRecords.json" with { type: "json" };
import frMessages from "../locales/fr/messages.json" with { type: "json" };
import frPhotoExport from "../locales/fr/photoExport.json" with { type: "json" };
import frPhotos from "../locales/fr/photos.json" with { type: "json" };
import frReports from "../locales/fr/reports.json" with { type: "json" };
import frRequestTabs from "../locales/fr/requestTabs.json" with { type: "json" };
import frRetention from "../locales/fr/retention.json" with { type: "json" };
import frRoutes from "../locales/fr/routes.json" with { type: "json" };
import frSchoolDocuments from "../locales/fr/schoolDocuments.json" with { type: "json" };
import frSchoolYears from "../locales/fr/schoolYears.json" with { type: "json" };
import frSettings from "../locales/fr/settings.json" with { type: "json" };
import frShell from "../locales/fr/shell.json" with { type: "json" };
import frSigning from "../locales/fr/signing.json" with { type: "json" };
import frStatusTexts from "../locales/fr/statusTexts.json" with { type: "json" };
import frSync from "../locales/fr/sync.json" with { type: "json" };
import frUsers from "../locales/fr/users.json" with { type: "json" };
import frValidation from "../locales/fr/validation.json" with { type: "json" };

/**
 * Every catalog, by language then namespace. The SPA (i18next) and the server (errors, e-mails)
 * read the same files. Add a namespace here and in all three languages; the parity test checks.
 */
export const RESOURCES = {
  es: {
    common: esCommon,
    routes: esRoutes,
    auth: esAuth,
    account: esAccount,
    shell: esShell,
    signing: esSigning,
    settings: esSettings,
    fileSettings: esFileSettings,
    email: esEmail,
    errors: esErrors,
    validation: esValidation,
    enrollment: esEnrollment,
    documents: esDocuments,
    documentsPage: esDocumentsPage,
    photoExport: esPhotoExport,
    inscriptions: esInscriptions,
    dashboard: esDashboard,
    photos: esPhotos,
    reports: esReports,
    audit: esAudit,
    catalogAdmin: esCatalogAdmin,
    users: esUsers,
    schoolYears: esSchoolYears,
    requestTabs: esRequestTabs,
    statusTexts: esStatusTexts,
    emailTexts: esEmailTexts,
    schoolDocuments: esSchoolDocuments,
    medicalRecords: esMedicalRecords,
    dataRights: esDataRights,
    messages: esMessages,
    desk: esDesk,
    sync: esSync,
    elections: esElections,
    retention: esRetention,
    breaches: esBreaches,
    campaigns: esCampaigns,
  },
  en: {
    common: enCommon,
    routes: enRoutes,
    auth: enAuth,
    account: enAccount,
    shell: enShell,
    signing: enSigning,
    settings: enSettings,
    fileSettings: enFileSettings,
    email: enEmail,
    errors: enErrors,
    validation: enValidation,
    enrollment: enEnrollment,
    photoExport: enPhotoExport,
    documents: enDocuments,
    documentsPage: enDocumentsPage,
    inscriptions: enInscriptions,
    dashboard: enDashboard,
    photos: enPhotos,
    reports: enReports,
    audit: enAudit,
    catalogAdmin: enCatalogAdmin,
    users: enUsers,
    schoolYears: enSchoolYears,
    requestTabs: enRequestTabs,
    statusTexts: enStatusTexts,
    emailTexts: enEmailTexts,
    schoolDocuments: enSchoolDocuments,
    medicalRecords: enMedicalRecords,
    dataRights: enDataRights,
    messages: enMessages,
    desk: enDesk,
    sync: enSync,
    elections: enElections,
    retention: enRetention,
    breaches: enBreaches,
    campaigns: enCampaigns,
  },
  fr: {
    common: frCommon,
    routes: frRoutes,
    auth: frAuth,
    account: frAccount,
    shell: frShell,
    signing: frSigning,
    settings: frSettings,
    fileSettings: frFileSettings,
    email: frEmail,
    errors: frErrors,
    validation: frValidation,
    photoExport: frPhotoExport,
    enrollment: frEnrollment,
    documents: frDocuments,
    documentsPage: frDocumentsPage,
    inscriptions: frInscriptions,
    dashboard: frDashboard,
    photos: frPhotos,
    reports: frReports,
    audit: frAudit,
    catalogAdmin: frCatalogAdmin,
    users: frUsers,
    schoolYears: frSchoolYears,
    requestTabs: frRequestTabs,
    statusTexts: frStatusTexts,
    emailTexts: frEmailTexts,
    schoolDocuments: frSchoolDocuments,
    medicalRecords: frMedicalRecords,
    dataRights: frDataRights,
    messages: frMessages,
    desk: frDesk,
    sync: frSync,
    elections: frElections,
    retention: frRetention,
    breaches: frBreaches,
    campaigns: frCampaigns,
  },
} as const;

export type Namespace = keyof (typeof RESOURCES)["es"];
export const NAMESPACES = Object.keys(RESOURCES.es) as Namespace[];
