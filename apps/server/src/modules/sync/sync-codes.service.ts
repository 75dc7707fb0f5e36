import { translate } from "@portal/i18n/translate";
import type { SyncRequest } from "@portal/shared/schemas/sync";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { presentRepresentative, type StepData } from "./bue-row.ts";
import * as repo from "./sync.repository.ts";
import { type Actor, getSyncRequest } from "./sync.service.ts";
import { parseStep as parse } from "./sync-file.ts";

/** A request's BUE codes, written into the steps' JSON (docs/rules/documents.md "Sync with the BUE"). */

export interface CodesChange {
  studentCode: string;
  rep1ContactCodeBue: string;
  rep2ContactCodeBue: string;
}

/**
 * Writes the codes into the steps' JSON (an empty code removes it). Answers the fields that could
 * not be written (a representative step missing or declined) without writing anything, else null.
 */
export async function writeCodes(
  trx: Db,
  fileId: number,
  codes: Partial<CodesChange>,
  now: string,
  dryRun = false,
): Promise<{ missing: keyof CodesChange | null; changed: number }> {
  const steps = (await repo.stepsOf(trx, [fileId])).get(fileId);
  const targets = [
    { field: "studentCode", step: "studentFile", key: "studentCode" },
    { field: "rep1ContactCodeBue", step: "firstRepresentative", key: "contactCodeBue" },
    { field: "rep2ContactCodeBue", step: "secondRepresentative", key: "contactCodeBue" },
  ] as const;
  const writes: { step: repo.BueStep; data: StepData }[] = [];
  for (const target of targets) {
    const value = codes[target.field];
    if (value === undefined) continue;
    const data = parse(steps?.get(target.step));
    const present = target.step === "secondRepresentative" ? presentRepresentative(data) : data;
    if (!present) {
      if (value === "") continue;
      return { missing: target.field, changed: 0 };
    }
    if (String(present[target.key] ?? "") === value) continue;
    const next = { ...present };
    if (value === "") delete next[target.key];
    else next[target.key] = value;
    writes.push({ step: target.step, data: next });
  }
  if (dryRun) return { missing: null, changed: writes.length };
  for (const write of writes) await repo.writeStepData(trx, fileId, write.step, JSON.stringify(write.data), now);
  return { missing: null, changed: writes.length };
}

/** PUT /api/sync/requests/:id/codes: version-guarded on the request, audited without the codes. */
export async function saveSyncCodes(
  ctx: AppContext,
  actor: Actor,
  requestId: number,
  body: CodesChange & { version: number },
): Promise<SyncRequest> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const request = await repo.findRequest(trx, requestId);
    if (!request) throw notFound("REQUEST_NOT_FOUND");
    if (request.version !== body.version) throw new AppError(409, "VERSION_CONFLICT");
    const now = nowIso();
    const { version: _version, ...codes } = body;
    const result = await writeCodes(trx, request.file_id, codes, now);
    if (result.missing) {
      const code = result.missing === "rep2ContactCodeBue" ? "SYNC_NO_SECOND_REPRESENTATIVE" : "SYNC_STEP_MISSING";
      throw new AppError(400, code, {}, { [result.missing]: translate(actor.lang, `errors:${code}`) });
    }
    if (result.changed === 0) return;
    if (!(await repo.bumpRequestVersion(trx, requestId, body.version, now)))
      throw new AppError(409, "VERSION_CONFLICT");
    await recordAudit(trx, {
      event: "sync.codesEdited",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { requestId, code: request.code, version: body.version + 1, fields: result.changed },
    });
  });
  return getSyncRequest(ctx, requestId);
}
