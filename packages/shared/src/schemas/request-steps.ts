import { z } from "zod";
import { STEP_IDS } from "../enrollment-steps.ts";
import { REQUEST_STATUSES } from "../request-status.ts";
import { fileContextSchema } from "./enrollment-responses.ts";

/**
 * The staff's module pages: GET /api/requests/:id/module (what every module page of a
 * request needs), GET and PUT /api/requests/:id/steps/:step. Messages are `validation.*` keys.
 */

/** GET /api/requests/:id/module: the request as the module pages show it, and the rules' inputs. */
export const requestModuleSchema = z.object({
  requestId: z.number(),
  code: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** Send it back as `expectedVersion` with a save. */
  version: z.number(),
  fileId: z.number(),
  schoolYearId: z.number(),
  studentName: z.string(),
  /** The caller may change records (Admin, Secretaria). */
  canManage: z.boolean(),
  /** Steps the caller may change now (none when the request is closed or the role is read-only). */
  editableSteps: z.array(z.enum(STEP_IDS)),
  context: fileContextSchema,
});
export type RequestModule = z.infer<typeof requestModuleSchema>;

/**
 * PUT /api/requests/:id/steps/:step. `data` is validated by the step's own schema on the server,
 * the same as the family's save.
 */
export const staffStepSaveSchema = z.strictObject({
  expectedVersion: z
    .number({ error: "validation.invalidType" })
    .int({ error: "validation.invalidType" })
    .positive({ error: "validation.invalidType" })
    .max(2_147_483_647, { error: "validation.invalidType" }),
  data: z.record(z.string(), z.unknown(), { error: "validation.invalidType" }),
});
export type StaffStepSave = z.infer<typeof staffStepSaveSchema>;

/** The answer to a staff save: the request's new version and how many fields changed. */
export const staffStepSavedSchema = z.object({
  version: z.number(),
  changedFields: z.number(),
});
export type StaffStepSaved = z.infer<typeof staffStepSavedSchema>;
