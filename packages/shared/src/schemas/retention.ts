import { z } from "zod";
import {
  EDITABLE_RETENTION_KINDS,
  type EditableRetentionKind,
  RETENTION_KEPT_REASONS,
  RETENTION_KINDS,
  RETENTION_LIMITS,
} from "../retention.ts";
import { ROLES } from "../roles.ts";
import { text } from "./fields.ts";

/**
 * Settings › Data retention (docs/rules/data-protection.md "Retention periods"): the periods, the
 * legal holds, the purge's preview, its runs and reports, and the processing register (LOPDP art. 51).
 */

const monthsField = z
  .number({ error: "validation.retentionMonthsRange" })
  .int({ error: "validation.retentionMonthsRange" });

const monthsShape = Object.fromEntries(EDITABLE_RETENTION_KINDS.map((kind) => [kind, monthsField])) as Record<
  EditableRetentionKind,
  typeof monthsField
>;

/** PUT /api/settings/retention: every editable period, the schedule switch, the version read. */
export const retentionSettingsInputSchema = z
  .strictObject({
    ...monthsShape,
    automatic: z.boolean({ error: "validation.invalidType" }),
    version: z.number({ error: "validation.invalidType" }).int({ error: "validation.invalidType" }).min(0).max(1e9),
  })
  .superRefine((value, ctx) => {
    for (const kind of EDITABLE_RETENTION_KINDS) {
      const { min, max } = RETENTION_LIMITS[kind];
      if (value[kind] < min || value[kind] > max) {
        ctx.addIssue({ code: "custom", path: [kind], message: "validation.retentionMonthsRange" });
      }
    }
    // Documents go with or before their applicant: the applicant's erasure takes them anyway.
    if (value.applicantDocuments > value.applicants) {
      ctx.addIssue({
        code: "custom",
        path: ["applicantDocuments"],
        message: "validation.retentionDocumentsAfterApplicant",
      });
    }
  });
export type RetentionSettingsInput = z.infer<typeof retentionSettingsInputSchema>;

export const retentionSettingsSchema = z.object({
  months: z.object(monthsShape),
  automatic: z.boolean(),
  version: z.number().int(),
  /** Fixed by the server's configuration (ELECTION_REGISTER_RETENTION_DAYS). */
  electionRegisterDays: z.number().int(),
  /** Fixed: a "My data" archive's link lasts this long, then the file is removed. */
  dataExportHours: z.number().int(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

export const HOLD_TARGETS = ["family", "request"] as const;

/** POST /api/settings/retention/holds: a family by its account's e-mail, or a request by its code. */
export const holdCreateSchema = z.strictObject({
  target: z.enum(HOLD_TARGETS, { error: "validation.invalidType" }),
  reference: text(254),
  reason: text(500),
});
export type HoldCreateInput = z.infer<typeof holdCreateSchema>;

export const holdSchema = z.object({
  id: z.number().int(),
  target: z.enum(HOLD_TARGETS),
  /** The family's e-mail and name, or the request's code and student. */
  label: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Hold = z.infer<typeof holdSchema>;
export const holdListSchema = z.object({ items: z.array(holdSchema) });

export const idParams = z.strictObject({
  id: z.coerce.number({ error: "validation.invalidType" }).int().positive().max(2147483647),
});

const keptSchema = z.object({ reason: z.enum(RETENTION_KEPT_REASONS), holdReason: z.string().nullable() });

/** A student the purge selects, for one kind (applicant, their documents, medical record). */
export const retentionItemSchema = z.object({
  kind: z.enum(RETENTION_KINDS),
  studentId: z.number().int(),
  label: z.string(),
  familyEmail: z.string(),
  schoolYear: z.string(),
  /** The last day of the period; the item is removed from the day after. */
  keptUntil: z.string(),
  kept: keptSchema.nullable(),
});
export type RetentionItem = z.infer<typeof retentionItemSchema>;

export const retentionCountSchema = z.object({
  kind: z.enum(RETENTION_KINDS),
  /** Past their period and removed by a run now. */
  toRemove: z.number().int(),
  /** Past their period but kept (legal hold, or no way to remove them yet). */
  kept: z.number().int(),
});

export const retentionPreviewSchema = z.object({
  asOf: z.string(),
  counts: z.array(retentionCountSchema),
  items: z.array(retentionItemSchema),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;

export const RUN_STATUSES = ["running", "done", "failed"] as const;

export const runReportSchema = z.object({
  counts: z.array(z.object({ kind: z.enum(RETENTION_KINDS), removed: z.number().int(), kept: z.number().int() })),
  /**
   * Stored without names; `label` is the student's name when the report is read, null once the
   * student is no longer in the portal. An applicant the run erased has no id either (null).
   */
  items: z.array(
    retentionItemSchema
      .pick({ kind: true, schoolYear: true, kept: true })
      .extend({ studentId: z.number().int().nullable(), label: z.string().nullable() }),
  ),
});
export type RunReport = z.infer<typeof runReportSchema>;

export const retentionRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(RUN_STATUSES),
  trigger: z.enum(["manual", "schedule"]),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int(),
  report: runReportSchema.nullable(),
});
export type RetentionRun = z.infer<typeof retentionRunSchema>;
export const retentionRunListSchema = z.object({ items: z.array(retentionRunSchema.omit({ report: true })) });
export type RetentionRunSummary = z.infer<typeof retentionRunListSchema>["items"][number];

/** POST /api/settings/retention/runs: removing data asks for an explicit confirmation. */
export const runStartSchema = z.strictObject({ confirm: z.literal(true, { error: "validation.required" }) });

/** The processing register (LOPDP art. 51): one row per processing activity, in the caller's language. */
export const processingActivitySchema = z.object({
  id: z.string(),
  name: z.string(),
  purpose: z.string(),
  legalBasis: z.string(),
  dataCategories: z.string(),
  subjects: z.string(),
  roles: z.array(z.enum(ROLES)),
  recipients: z.string(),
  retention: z.string(),
});
export type ProcessingActivity = z.infer<typeof processingActivitySchema>;
export const processingRegisterSchema = z.object({ items: z.array(processingActivitySchema) });
