import type { MultipartFile } from "@fastify/multipart";
import { translate } from "@portal/i18n/translate";
import {
  BUE_IMPORT_MAX_BYTES,
  BUE_IMPORT_MAX_LINES,
  BUE_IMPORT_MAX_REPORTED,
  type SyncImportResult,
} from "@portal/shared/schemas/sync";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import { readUploadPart } from "../../lib/upload-part.ts";
import { type ImportLineError, parseBueImport } from "./bue-import.ts";
import { bumpRequestVersion, requestsByCode } from "./sync.repository.ts";
import type { Actor } from "./sync.service.ts";
import { writeCodes } from "./sync-codes.service.ts";

/** 400 listing each bad line: `fields` maps the line number to its translated reason. */
function badLines(actor: Actor, errors: readonly ImportLineError[]): AppError {
  const sorted = [...errors].sort((a, b) => a.line - b.line);
  const fields: Record<string, string> = {};
  for (const error of sorted.slice(0, BUE_IMPORT_MAX_REPORTED)) {
    fields[String(error.line)] = translate(actor.lang, `sync:lineError.${error.reason}`);
  }
  return new AppError(400, "SYNC_IMPORT_INVALID", { count: sorted.length }, fields);
}

/**
 * POST /api/sync/imports: the BUE's codes file. Every line is checked first; one bad line and
 * nothing is written. The codes go into the steps' JSON in one transaction; each changed request's
 * version moves on (a module page opened before answers 409 rather than writing the old codes
 * back). Audited with counts only.
 */
export async function importCodes(ctx: AppContext, actor: Actor, part: MultipartFile): Promise<SyncImportResult> {
  const bytes = await readUploadPart(part, BUE_IMPORT_MAX_BYTES);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(400, "SYNC_IMPORT_NOT_UTF8");
  }
  const parsed = parseBueImport(text);
  if (parsed.tooManyLines) throw new AppError(400, "SYNC_IMPORT_TOO_MANY_LINES", { max: BUE_IMPORT_MAX_LINES });
  if (parsed.lines.length === 0 && parsed.errors.length === 0) throw new AppError(400, "SYNC_IMPORT_EMPTY");
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const errors = [...parsed.errors];
    const requests = await requestsByCode(
      trx,
      parsed.lines.map((line) => line.requestCode),
    );
    const now = nowIso();
    let updated = 0;
    for (const line of parsed.lines) {
      const request = requests.get(line.requestCode);
      if (!request) {
        errors.push({ line: line.line, reason: "unknownRequest" });
        continue;
      }
      const codes = {
        ...(line.studentCode ? { studentCode: line.studentCode } : {}),
        ...(line.rep1ContactCodeBue ? { rep1ContactCodeBue: line.rep1ContactCodeBue } : {}),
        ...(line.rep2ContactCodeBue ? { rep2ContactCodeBue: line.rep2ContactCodeBue } : {}),
      };
      // Once a line is bad nothing will be written: the others are only checked.
      const result = await writeCodes(trx, request.file_id, codes, now, errors.length > 0);
      if (result.missing) {
        errors.push({
          line: line.line,
          reason: result.missing === "rep2ContactCodeBue" ? "noSecondRepresentative" : "noStep",
        });
        continue;
      }
      if (result.changed > 0 && errors.length === 0) {
        await bumpRequestVersion(trx, request.id, null, now);
        updated++;
      }
    }
    // Throwing rolls the transaction back: the lines written before the bad one are undone.
    if (errors.length > 0) throw badLines(actor, errors);
    await recordAudit(trx, {
      event: "sync.imported",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { lines: parsed.lines.length, updated },
    });
    return { updated, lines: parsed.lines.length };
  });
}
