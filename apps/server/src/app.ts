import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { REPO_ROOT } from "./config.ts";
import type { AppContext } from "./context.ts";
import { AppError } from "./lib/errors.ts";
import { accountRoutes } from "./modules/account/account.routes.ts";
import { auditLogRoutes } from "./modules/audit/audit-log.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { breachRoutes } from "./modules/breaches/breaches.routes.ts";
import { campaignRoutes } from "./modules/campaigns/campaigns.routes.ts";
import { catalogAdminRoutes } from "./modules/catalogs/catalog-admin.routes.ts";
import { catalogRoutes } from "./modules/catalogs/catalogs.routes.ts";
import { consentRoutes } from "./modules/consents/consents.routes.ts";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes.ts";
import { dataExportRoutes } from "./modules/data-export/data-export.routes.ts";
import { dataRightsRoutes } from "./modules/data-rights/data-rights.routes.ts";
import { deskRoutes } from "./modules/desk/desk.routes.ts";
import { actAtDesk, installDeskAudit } from "./modules/desk/desk-acting.ts";
import { documentCheckRoutes } from "./modules/document-checks/document-checks.routes.ts";
import { documentsRoutes } from "./modules/documents/documents.routes.ts";
import { electionAdminRoutes } from "./modules/elections/elections-admin.routes.ts";
import { electionFamilyRoutes } from "./modules/elections/elections-family.routes.ts";
import { emailTextRoutes } from "./modules/email-texts/email-texts.routes.ts";
import { documentRoutes } from "./modules/enrollment/documents/documents.routes.ts";
import { enrollmentRoutes } from "./modules/enrollment/enrollment.routes.ts";
import { stepDraftRoutes } from "./modules/enrollment/step-drafts.routes.ts";
import { MAX_UPLOAD_BYTES } from "./modules/enrollment/upload-kinds.ts";
import { erasureRoutes } from "./modules/erasure/erasure.routes.ts";
import { fileSettingsRoutes } from "./modules/file-settings/file-settings.routes.ts";
import { householdRoutes } from "./modules/household/household.routes.ts";
import { medicalRecordRoutes } from "./modules/medical-records/medical-records.routes.ts";
import { messageRoutes } from "./modules/messages/messages.routes.ts";
import { mfaRoutes } from "./modules/mfa/mfa.routes.ts";
import { photoExportRoutes } from "./modules/photo-exports/photo-exports.routes.ts";
import { photoRoutes } from "./modules/photos/photos.routes.ts";
import { DrawnPageCache } from "./modules/public-pages/drawn-page-cache.ts";
import { pageDrawer } from "./modules/public-pages/page-drawer.ts";
import { drawnPublicPage } from "./modules/public-pages/public-pages.service.ts";
import { remindersRoutes } from "./modules/reminders/reminders.routes.ts";
import { reportRoutes } from "./modules/reports/reports.routes.ts";
import { requestMailRoutes } from "./modules/request-mails/request-mails.routes.ts";
import { requestStepRoutes } from "./modules/request-steps/request-steps.routes.ts";
import { requestRoutes } from "./modules/requests/requests.routes.ts";
import { retentionRoutes } from "./modules/retention/retention.routes.ts";
import { schoolDocumentRoutes } from "./modules/school-documents/school-documents.routes.ts";
import { schoolCertificateRoutes } from "./modules/school-seal/school-certificate.routes.ts";
import { schoolYearRoutes } from "./modules/school-years/school-years.routes.ts";
import { storedLogoPath } from "./modules/settings/identity.service.ts";
import { settingsRoutes } from "./modules/settings/settings.routes.ts";
import { signingRoutes } from "./modules/signing/signing.routes.ts";
import { statusTextRoutes } from "./modules/status-texts/status-texts.routes.ts";
import { syncRoutes } from "./modules/sync/sync.routes.ts";
import { systemRoutes } from "./modules/system/system.routes.ts";
import { userRoutes } from "./modules/users/users.routes.ts";
import { workflowRoutes } from "./modules/workflow/workflow.routes.ts";
import { type DeclaredRoute, installAccessControl } from "./plugins/access.ts";
import { apiDocumentRoutes, installApiDocument } from "./plugins/api-document.ts";
import { installCompression } from "./plugins/compression.ts";
import { installCsrfProtection } from "./plugins/csrf.ts";
import { type Drain, installDrain } from "./plugins/drain.ts";
import { answerFrameworkError, installErrorHandling } from "./plugins/errors.ts";
import { installLanguage } from "./plugins/language.ts";
import { installMaintenanceGate } from "./plugins/maintenance.ts";
import { installRefusedAccessAudit } from "./plugins/refused-access-audit.ts";
import { loggerOptions, RequestLog } from "./plugins/request-log.ts";
import { installRequestTimes } from "./plugins/request-times.ts";
import { installSecurityHeaders, securityHeaders } from "./plugins/security-headers.ts";
import { installSessionLoading } from "./plugins/session.ts";
import { installStaticFiles } from "./plugins/static-files.ts";
import "./plugins/request-types.ts";

export const WEB_DIST = path.join(REPO_ROOT, "apps/web/dist");
/** JSON bodies are small forms; uploads (later issues) get their own limits. */
const BODY_LIMIT = 64 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  /** Every registered route with its access declaration (for the authorization test). */
  routes: DeclaredRoute[];
  /** The graceful shutdown server.ts runs on SIGTERM. */
  drain: Drain;
}

/** Builds the whole HTTP app on a context; server.ts listens, tests use `app.inject`. */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean; webDist?: string } = {}): Promise<BuiltApp> {
  const requestLog = new RequestLog(ctx.config.requestLog);
  const app = Fastify({
    logger: await loggerOptions({
      enabled: opts.logger === true,
      level: ctx.config.logLevel,
      pretty: ctx.config.env === "development",
    }),
    // One line per request instead of Fastify's two.
    logController: requestLog,
    bodyLimit: BODY_LIMIT,
    trustProxy: ctx.config.trustProxy,
    // Drain in-flight requests on close instead of cutting them (SIGTERM; plugins/drain.ts
    // has closed every connection before Fastify's close runs).
    forceCloseConnections: "idle",
    routerOptions: { maxParamLength: 200 },
    // Errors Fastify answers before routing skip the hooks: give them the same headers and shape.
    frameworkErrors: (error, request, reply) => {
      reply.headers(securityHeaders(request.url, { hsts: ctx.config.secureCookies }));
      answerFrameworkError(error, request, reply);
    },
  });
  const routes: DeclaredRoute[] = [];
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // First hooks: a request refused during shutdown touches neither the session nor the database.
  const drain = installDrain(app);
  // The end-to-end run's pacing check (REQUEST_TIMES_FILE); off everywhere else.
  if (ctx.config.requestTimesFile) installRequestTimes(app, ctx.config.requestTimesFile);
  await app.register(fastifyCookie);
  // Before any route: the plugin adds its hook to each route as it is declared.
  await installCompression(app);
  // One file per upload request; the byte limit is the largest document kind's (checked again per kind).
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  // Order matters: the session names the user, the language depends on the user, access and
  // maintenance depend on both, and CSRF runs before any body is read.
  installSessionLoading(app, ctx);
  installLanguage(app);
  installCsrfProtection(app, ctx.config);
  installAccessControl(app, routes, (staff, family) => actAtDesk(ctx, staff, family));
  installMaintenanceGate(app, ctx);
  installSecurityHeaders(app, { hsts: ctx.config.secureCookies });
  installRefusedAccessAudit(app, ctx);
  installDeskAudit(app, ctx);
  // Before the routes: it describes each as it is declared.
  await installApiDocument(app, ctx);

  systemRoutes(app, ctx, drain);
  apiDocumentRoutes(app);
  schoolYearRoutes(app, ctx);
  authRoutes(app, ctx);
  accountRoutes(app, ctx);
  householdRoutes(app, ctx);
  deskRoutes(app, ctx);
  dataExportRoutes(app, ctx);
  retentionRoutes(app, ctx);
  erasureRoutes(app, ctx);
  consentRoutes(app, ctx);
  dataRightsRoutes(app, ctx);
  mfaRoutes(app, ctx);
  catalogRoutes(app, ctx);
  catalogAdminRoutes(app, ctx);
  settingsRoutes(app, ctx);
  remindersRoutes(app, ctx);
  fileSettingsRoutes(app, ctx);
  userRoutes(app, ctx);
  enrollmentRoutes(app, ctx);
  stepDraftRoutes(app, ctx);
  documentRoutes(app, ctx);
  requestRoutes(app, ctx);
  workflowRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  requestStepRoutes(app, ctx);
  photoExportRoutes(app, ctx);
  photoRoutes(app, ctx);
  requestMailRoutes(app, ctx);
  auditLogRoutes(app, ctx);
  breachRoutes(app, ctx);
  messageRoutes(app, ctx);
  campaignRoutes(app, ctx);
  signingRoutes(app, ctx);
  statusTextRoutes(app, ctx);
  emailTextRoutes(app, ctx);
  schoolDocumentRoutes(app, ctx);
  schoolCertificateRoutes(app, ctx);
  documentCheckRoutes(app, ctx);
  documentsRoutes(app, ctx);
  medicalRecordRoutes(app, ctx);
  syncRoutes(app, ctx);
  reportRoutes(app, ctx);
  electionAdminRoutes(app, ctx);
  electionFamilyRoutes(app, ctx);
  const webDist = opts.webDist ?? WEB_DIST;
  const drawer = pageDrawer(webDist, (error) =>
    app.log.error({ err: error }, "the public pages' drawing could not be loaded"),
  );
  const drawnPages = new DrawnPageCache();
  // The drawing's thread starts and loads its bundle (React, Mantine, the screens) as the server
  // starts listening, not with the first visitor, who would wait for it; `inject` in tests never
  // listens, and starts it only if it draws a page.
  app.addHook("onListen", (done) => {
    drawer.warmUp();
    done();
  });
  app.addHook("onClose", () => drawer.close());
  // The routine reads counted since the last summary line are written before the server stops.
  app.addHook("onClose", (_app, done) => {
    requestLog.flush();
    done();
  });
  await installStaticFiles(app, {
    webDist,
    logoPath: ctx.config.branding.logoPath,
    storedLogo: () => storedLogoPath(ctx),
    drawPage: (request) => drawnPublicPage(ctx, request, drawer.drawing(), drawnPages),
  });

  app.setNotFoundHandler(() => {
    throw new AppError(404, "ROUTE_NOT_FOUND");
  });
  await app.ready();
  return { app, routes, drain };
}
