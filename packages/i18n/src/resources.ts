import enAccount from "../locales/en/account.json" with { type: "json" };
import enAudit from "../locales/en/audit.json" with { type: "json" };
import enAuth from "../locales/en/auth.json" with { type: "json" };
import enCommon from "../locales/en/common.json" with { type: "json" };
import enDashboard from "../locales/en/dashboard.json" with { type: "json" };
import enDocuments from "../locales/en/documents.json" with { type: "json" };
import enEmail from "../locales/en/email.json" with { type: "json" };
import enEnrollment from "../locales/en/enrollment.json" with { type: "json" };
import enErrors from "../locales/en/errors.json" with { type: "json" };
import enInscriptions from "../locales/en/inscriptions.json" with { type: "json" };
import enPhotos from "../locales/en/photos.json" with { type: "json" };
import enRequestTabs from "../locales/en/requestTabs.json" with { type: "json" };
import enRoutes from "../locales/en/routes.json" with { type: "json" };
import enSettings from "../locales/en/settings.json" with { type: "json" };
import enShell from "../locales/en/shell.json" with { type: "json" };
import enUsers from "../locales/en/users.json" with { type: "json" };
import enValidation from "../locales/en/validation.json" with { type: "json" };
import esAccount from "../locales/es/account.json" with { type: "json" };
import esAudit from "../locales/es/audit.json" with { type: "json" };
import esAuth from "../locales/es/auth.json" with { type: "json" };
import esCommon from "../locales/es/common.json" with { type: "json" };
import esDashboard from "../locales/es/dashboard.json" with { type: "json" };
import esDocuments from "../locales/es/documents.json" with { type: "json" };
import esEmail from "../locales/es/email.json" with { type: "json" };
import esEnrollment from "../locales/es/enrollment.json" with { type: "json" };
import esErrors from "../locales/es/errors.json" with { type: "json" };
import esInscriptions from "../locales/es/inscriptions.json" with { type: "json" };
import esPhotos from "../locales/es/photos.json" with { type: "json" };
import esRequestTabs from "../locales/es/requestTabs.json" with { type: "json" };
import esRoutes from "../locales/es/routes.json" with { type: "json" };
import esSettings from "../locales/es/settings.json" with { type: "json" };
import esShell from "../locales/es/shell.json" with { type: "json" };
import esUsers from "../locales/es/users.json" with { type: "json" };
import esValidation from "../locales/es/validation.json" with { type: "json" };
import frAccount from "../locales/fr/account.json" with { type: "json" };
import frAudit from "../locales/fr/audit.json" with { type: "json" };
import frAuth from "../locales/fr/auth.json" with { type: "json" };
import frCommon from "../locales/fr/common.json" with { type: "json" };
import frDashboard from "../locales/fr/dashboard.json" with { type: "json" };
import frDocuments from "../locales/fr/documents.json" with { type: "json" };
import frEmail from "../locales/fr/email.json" with { type: "json" };
import frEnrollment from "../locales/fr/enrollment.json" with { type: "json" };
import frErrors from "../locales/fr/errors.json" with { type: "json" };
import frInscriptions from "../locales/fr/inscriptions.json" with { type: "json" };
import frPhotos from "../locales/fr/photos.json" with { type: "json" };
import frRequestTabs from "../locales/fr/requestTabs.json" with { type: "json" };
import frRoutes from "../locales/fr/routes.json" with { type: "json" };
import frSettings from "../locales/fr/settings.json" with { type: "json" };
import frShell from "../locales/fr/shell.json" with { type: "json" };
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
    settings: esSettings,
    email: esEmail,
    errors: esErrors,
    validation: esValidation,
    enrollment: esEnrollment,
    documents: esDocuments,
    inscriptions: esInscriptions,
    dashboard: esDashboard,
    photos: esPhotos,
    audit: esAudit,
    users: esUsers,
    requestTabs: esRequestTabs,
  },
  en: {
    common: enCommon,
    routes: enRoutes,
    auth: enAuth,
    account: enAccount,
    shell: enShell,
    settings: enSettings,
    email: enEmail,
    errors: enErrors,
    validation: enValidation,
    enrollment: enEnrollment,
    documents: enDocuments,
    inscriptions: enInscriptions,
    dashboard: enDashboard,
    photos: enPhotos,
    audit: enAudit,
    users: enUsers,
    requestTabs: enRequestTabs,
  },
  fr: {
    common: frCommon,
    routes: frRoutes,
    auth: frAuth,
    account: frAccount,
    shell: frShell,
    settings: frSettings,
    email: frEmail,
    errors: frErrors,
    validation: frValidation,
    enrollment: frEnrollment,
    documents: frDocuments,
    inscriptions: frInscriptions,
    dashboard: frDashboard,
    photos: frPhotos,
    audit: frAudit,
    users: frUsers,
    requestTabs: frRequestTabs,
  },
} as const;

export type Namespace = keyof (typeof RESOURCES)["es"];
export const NAMESPACES = Object.keys(RESOURCES.es) as Namespace[];
