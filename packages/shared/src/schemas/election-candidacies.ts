import { z } from "zod";
import { idParam, text } from "./fields.ts";
import { paragraph, positiveInt } from "./workflow.ts";

/*
 * Candidacies from families (docs/elections.md "Candidacies from families"): a voter declares
 * themselves candidate on an existing list, or proposes a new list (its name and organization),
 * until the election's candidacy deadline; the Admin approves or declines with a reason.
 */

export const CANDIDACY_STATUSES = ["pending", "approved", "declined"] as const;
export type CandidacyStatus = (typeof CANDIDACY_STATUSES)[number];

/** PUT /api/elections/:id/candidacy: `{ listId }` or `{ listName, organizationId }`, one of the two. */
export const candidacySchema = z
  .strictObject({
    listId: positiveInt.optional(),
    listName: text(120).optional(),
    organizationId: positiveInt.optional(),
    statement: paragraph(2000).optional(),
  })
  .refine((value) => (value.listId === undefined) !== (value.listName === undefined), {
    path: ["listId"],
    error: "validation.choice",
  })
  .refine((value) => value.listName === undefined || value.organizationId !== undefined, {
    path: ["organizationId"],
    error: "validation.required",
  })
  .refine((value) => value.listId === undefined || value.organizationId === undefined, {
    path: ["organizationId"],
    error: "validation.choice",
  });
export type CandidacyInput = z.input<typeof candidacySchema>;

/** POST /api/settings/election-candidacies/:candidacyId/decline. */
export const candidacyDeclineSchema = z.strictObject({
  reason: paragraph(1000).pipe(z.string().min(1, { error: "validation.required" })),
});
export const candidacyParams = z.strictObject({ candidacyId: idParam });

export const candidacyViewSchema = z.object({
  id: z.number(),
  electionId: z.number(),
  /** The existing list, or null for a proposed one. */
  listId: z.number().nullable(),
  /** The list's name (existing or proposed). */
  listName: z.string(),
  organizationId: z.number().nullable(),
  statement: z.string().nullable(),
  status: z.enum(CANDIDACY_STATUSES),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CandidacyView = z.infer<typeof candidacyViewSchema>;

/** GET /api/elections/:id/candidacy: the family's own candidacy and what the form offers. */
export const myCandidacySchema = z.object({
  candidacy: candidacyViewSchema.nullable(),
  /** Before the candidacy deadline (the form is closed after it). */
  open: z.boolean(),
  deadline: z.string(),
  /** A voter of this election who may stand (not a test account). */
  mayStand: z.boolean(),
  /** Organizations not yet running, for a proposed list. */
  organizations: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type MyCandidacy = z.infer<typeof myCandidacySchema>;

/** The Admin's list: the candidacy and who declared it. */
export const adminCandidacySchema = candidacyViewSchema.extend({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
});
export type AdminCandidacy = z.infer<typeof adminCandidacySchema>;
