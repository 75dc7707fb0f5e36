import { okSchema } from "@portal/shared/schemas/responses";
import {
  holdCreateSchema,
  holdListSchema,
  holdSchema,
  idParams,
  processingRegisterSchema,
  retentionPreviewSchema,
  retentionRunListSchema,
  retentionRunSchema,
  retentionSettingsInputSchema,
  retentionSettingsSchema,
  runStartSchema,
} from "@portal/shared/schemas/retention";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition } from "../../lib/content-disposition.ts";
import { processingRegister, processingRegisterXlsx } from "./processing-register.service.ts";
import {
  getPurgeRun,
  listPurgeRuns,
  previewPurge,
  purgesUnderWay,
  runScheduledPurge,
  startPurge,
} from "./retention.service.ts";
import { listRetentionHolds, placeHold, releaseHold } from "./retention-holds.service.ts";
import { readRetentionPeriods, saveRetentionPeriods } from "./retention-settings.service.ts";

/** The schedule looks every hour whether the daily purge is due (docs/rules/data-protection.md "The purge"). */
const SCHEDULE_CHECK_MS = 3_600_000;

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Settings › Data retention and the processing register: the Admin's alone (settingsManage). */
export function retentionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "settingsManage" } as const;
  const actor = (request: FastifyRequest) => ({ userId: request.user!.id, ip: request.ip });

  r.get("/api/settings/retention", { config, schema: { response: { 200: retentionSettingsSchema } } }, () =>
    readRetentionPeriods(ctx),
  );
  r.put(
    "/api/settings/retention",
    { config, schema: { body: retentionSettingsInputSchema, response: { 200: retentionSettingsSchema } } },
    (request) => saveRetentionPeriods(ctx, actor(request), request.body),
  );

  r.get("/api/settings/retention/holds", { config, schema: { response: { 200: holdListSchema } } }, () =>
    listRetentionHolds(ctx),
  );
  r.post(
    "/api/settings/retention/holds",
    { config, schema: { body: holdCreateSchema, response: { 201: holdSchema } } },
    async (request, reply) => reply.code(201).send(await placeHold(ctx, actor(request), request.body)),
  );
  r.delete(
    "/api/settings/retention/holds/:id",
    { config, schema: { params: idParams, response: { 200: okSchema } } },
    async (request) => {
      await releaseHold(ctx, actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.get("/api/settings/retention/preview", { config, schema: { response: { 200: retentionPreviewSchema } } }, () =>
    previewPurge(ctx),
  );
  r.get("/api/settings/retention/runs", { config, schema: { response: { 200: retentionRunListSchema } } }, () =>
    listPurgeRuns(ctx),
  );
  r.post(
    "/api/settings/retention/runs",
    { config, schema: { body: runStartSchema, response: { 202: retentionRunSchema } } },
    async (request, reply) =>
      reply
        .code(202)
        .send(await startPurge(ctx, { trigger: "manual", userId: request.user!.id, ip: request.ip, log: request.log })),
  );
  r.get(
    "/api/settings/retention/runs/:id",
    { config, schema: { params: idParams, response: { 200: retentionRunSchema } } },
    (request) => getPurgeRun(ctx, request.params.id),
  );

  r.get(
    "/api/settings/processing-register",
    { config, schema: { response: { 200: processingRegisterSchema } } },
    (request) => processingRegister(ctx, request.lang),
  );
  r.get("/api/settings/processing-register/file", { config, compress: false }, async (request, reply) => {
    const bytes = await processingRegisterXlsx(ctx, request.lang);
    return reply
      .type(XLSX_TYPE)
      .header("Content-Disposition", attachmentDisposition("processing-register.xlsx"))
      .send(bytes);
  });

  const timer = setInterval(() => {
    runScheduledPurge(ctx, app.log).catch((error: unknown) =>
      app.log.warn({ err: error }, "retention: schedule failed"),
    );
  }, SCHEDULE_CHECK_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    // A run under way finishes before the database closes under it.
    await purgesUnderWay();
  });
}
