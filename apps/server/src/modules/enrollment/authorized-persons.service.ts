import type { AppContext } from "../../context.ts";
import { writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { listSameYearSiblingSteps, replaceStepData } from "./known-people.repository.ts";

const STEP = "authorizedPersons";

/** Same JSON text, same list: the key order of a parsed body is stable. */
const sameData = (saved: string, data: unknown) => saved === JSON.stringify(data);

/**
 * Spec 9: the authorized persons are the family's pickup list, and a change applies to
 * all its children enrolled that year. After a family saves the step on one file, the same list is
 * written to its other files of that school year whose authorized-persons step is already saved,
 * sent files included (docs/rules/enrollment.md "The wizard's steps"). Files whose list is already the same are left alone;
 * one audit event records which files were changed, by whom and from which file (ids only).
 * Answers the ids of the files it changed.
 */
export async function propagateAuthorizedPersons(
  ctx: AppContext,
  /** Who saved (the family, or staff on a module page) and whose list it is. */
  actor: { userId: number; ip: string; familyUserId: number },
  file: { id: number },
  data: unknown,
): Promise<number[]> {
  const siblings = await listSameYearSiblingSteps(ctx.db, file.id, STEP);
  const targets = siblings.filter((sibling) => !sameData(sibling.data, data));
  if (targets.length === 0) return [];
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    for (const target of targets) await replaceStepData(trx, target.file_id, STEP, data, actor.userId);
    await recordAudit(trx, {
      event: "enrollment.authorizedPersons.propagated",
      actorUserId: actor.userId,
      subjectUserId: actor.familyUserId,
      ip: actor.ip,
      details: {
        fromFileId: file.id,
        toFileIds: targets.map((target) => target.file_id),
        sentFileIds: targets.filter((target) => target.status === "sent").map((target) => target.file_id),
        persons: Array.isArray((data as { persons?: unknown })?.persons)
          ? (data as { persons: unknown[] }).persons.length
          : 0,
      },
    });
  });
  return targets.map((target) => target.file_id);
}
