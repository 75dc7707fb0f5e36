import { z } from "zod";
import { idParam } from "./fields.ts";
import { paragraph, positiveInt } from "./workflow.ts";

/**
 * Data-rights requests (LOPDP arts. 13–17; docs/rules/data-protection.md "Data-rights requests"):
 * a family files one from its account area, the Secretaria or the Admin answers or refuses it from
 * the queue. The family's bodies and answers, the staff's query, bodies and answers. Strict: an
 * unknown field or parameter is a 400 VALIDATION_ERROR naming it. Messages are `validation.*` keys.
 */

/** The rights a family may exercise through the portal (access, rectification, erasure, opposition, portability). */
export const DATA_RIGHTS_KINDS = ["access", "rectification", "erasure", "opposition", "portability"] as const;
export type DataRightsKind = (typeof DATA_RIGHTS_KINDS)[number];

/** received → inProgress → answered | refused; an open request (received or in progress) may be closed directly. */
export const DATA_RIGHTS_STATES = ["received", "inProgress", "answered", "refused"] as const;
export type DataRightsState = (typeof DATA_RIGHTS_STATES)[number];

export const isOpenDataRightsState = (state: DataRightsState): boolean =>
  state === "received" || state === "inProgress";

/** Who the request is about: the whole family, or one of its children. */
export const DATA_RIGHTS_SUBJECTS = ["family", "student"] as const;
export type DataRightsSubject = (typeof DATA_RIGHTS_SUBJECTS)[number];

/** Who acts: the legal representative, or an adolescent of 15 or more for themselves. */
export const DATA_RIGHTS_ACTORS = ["representative", "adolescent"] as const;
export type DataRightsActor = (typeof DATA_RIGHTS_ACTORS)[number];

/** The staff's steps on a request. */
export const DATA_RIGHTS_ACTIONS = ["start", "answer", "refuse"] as const;
export type DataRightsAction = (typeof DATA_RIGHTS_ACTIONS)[number];

/** The legal deadline, in calendar days after the filing day (the rule's reasoning is in the docs). */
export const DATA_RIGHTS_DEADLINE_DAYS = 15;
/** From this age (on the filing day) an adolescent may act for themselves. */
export const ADOLESCENT_SELF_ACTING_AGE = 15;

export const MIN_DATA_RIGHTS_DESCRIPTION_LENGTH = 10;
export const MAX_DATA_RIGHTS_DESCRIPTION_LENGTH = 2000;
export const MAX_DATA_RIGHTS_ANSWER_LENGTH = 4000;

function requiredParagraph(min: number, max: number) {
  return paragraph(max).pipe(
    z.string().min(1, { error: "validation.required" }).min(min, { error: "validation.tooShort" }),
  );
}

/** POST /api/account/data-rights: a new request. `studentId` only (and then required) when it is about a child. */
export const dataRightsFilingSchema = z
  .strictObject({
    kind: z.enum(DATA_RIGHTS_KINDS, { error: "validation.choice" }),
    subject: z.enum(DATA_RIGHTS_SUBJECTS, { error: "validation.choice" }),
    studentId: positiveInt.optional(),
    actor: z.enum(DATA_RIGHTS_ACTORS, { error: "validation.choice" }),
    description: requiredParagraph(MIN_DATA_RIGHTS_DESCRIPTION_LENGTH, MAX_DATA_RIGHTS_DESCRIPTION_LENGTH),
  })
  .superRefine((body, ctx) => {
    if (body.subject === "student" && body.studentId === undefined) {
      ctx.addIssue({ code: "custom", path: ["studentId"], message: "validation.required" });
    }
    if (body.subject === "family" && body.studentId !== undefined) {
      ctx.addIssue({ code: "custom", path: ["studentId"], message: "validation.choice" });
    }
    // Only a child acts for themselves: a request about the whole family is the representative's.
    if (body.subject === "family" && body.actor === "adolescent") {
      ctx.addIssue({ code: "custom", path: ["actor"], message: "validation.choice" });
    }
  });
export type DataRightsFilingInput = z.input<typeof dataRightsFilingSchema>;
export type DataRightsFiling = z.output<typeof dataRightsFilingSchema>;

/** POST /api/data-rights-requests/:id/actions: `message` is the answer, or the refusal's reason (both required). */
export const dataRightsActionSchema = z
  .strictObject({
    action: z.enum(DATA_RIGHTS_ACTIONS, { error: "validation.choice" }),
    message: requiredParagraph(1, MAX_DATA_RIGHTS_ANSWER_LENGTH).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action !== "start" && body.message === undefined) {
      ctx.addIssue({ code: "custom", path: ["message"], message: "validation.required" });
    }
    if (body.action === "start" && body.message !== undefined) {
      ctx.addIssue({ code: "custom", path: ["message"], message: "validation.choice" });
    }
  });
export type DataRightsActionInput = z.input<typeof dataRightsActionSchema>;
export type DataRightsActionBody = z.output<typeof dataRightsActionSchema>;

export const dataRightsIdParams = z.strictObject({ id: idParam });

/** GET /api/data-rights-requests: one state and one kind, each optional. */
export const dataRightsQueueQuerySchema = z.strictObject({
  state: z.enum(DATA_RIGHTS_STATES, { error: "validation.choice" }).optional(),
  kind: z.enum(DATA_RIGHTS_KINDS, { error: "validation.choice" }).optional(),
});
export type DataRightsQueueQuery = z.output<typeof dataRightsQueueQuerySchema>;

/** What the family and the staff both see of a request. */
const requestFields = {
  id: z.number(),
  kind: z.enum(DATA_RIGHTS_KINDS),
  subject: z.enum(DATA_RIGHTS_SUBJECTS),
  /** The child's name; null for the family, or when the child's record no longer exists. */
  studentName: z.string().nullable(),
  actor: z.enum(DATA_RIGHTS_ACTORS),
  description: z.string(),
  state: z.enum(DATA_RIGHTS_STATES),
  filedAt: z.string(),
  /** The last day to answer (YYYY-MM-DD, school time), included. */
  deadline: z.string(),
  /** Days from today (school time) to the deadline; negative once it has passed. */
  daysLeft: z.number().int(),
  /** The staff's answer, or the reason of a refusal; null while open. */
  answer: z.string().nullable(),
  closedAt: z.string().nullable(),
};

export const familyDataRightsRequestSchema = z.object(requestFields);
export type FamilyDataRightsRequest = z.infer<typeof familyDataRightsRequestSchema>;

/** GET /api/account/data-rights: the family's requests (newest first) and the children it may file about. */
export const familyDataRightsSchema = z.object({
  requests: z.array(familyDataRightsRequestSchema),
  students: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      /** 15 or more today: the adolescent may act for themselves. */
      mayActAlone: z.boolean(),
    }),
  ),
});
export type FamilyDataRights = z.infer<typeof familyDataRightsSchema>;

const person = z.object({ name: z.string(), email: z.string() }).nullable();

export const staffDataRightsRequestSchema = z.object({
  ...requestFields,
  /** The family account that filed it. */
  filedBy: person,
  startedAt: z.string().nullable(),
  startedBy: person,
  closedBy: person,
});
export type StaffDataRightsRequest = z.infer<typeof staffDataRightsRequestSchema>;

/**
 * GET /api/data-rights-requests/:id (and the answer to an action): the request, and the enrollment
 * requests it is about (the child's, or every child's of the family), newest first, whose pages
 * hold what staff act with (the erasure among them).
 */
export const staffDataRightsDetailSchema = staffDataRightsRequestSchema.extend({
  enrollmentRequests: z.array(
    z.object({ id: z.number(), code: z.string(), schoolYear: z.string(), studentName: z.string() }),
  ),
});
export type StaffDataRightsDetail = z.infer<typeof staffDataRightsDetailSchema>;

/** GET /api/data-rights-requests: oldest deadline first. */
export const dataRightsQueueSchema = z.object({ items: z.array(staffDataRightsRequestSchema) });
export type DataRightsQueue = z.infer<typeof dataRightsQueueSchema>;
