import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { asRequestStatus, REQUEST_STATUSES, type RequestStatus } from "@portal/shared/request-status";
import type {
  StatusTextAdmin,
  StatusTextAdminList,
  StatusTextField,
  StatusTextSave,
  StatusTexts,
} from "@portal/shared/schemas/status-texts";
import type { AppContext } from "../../context.ts";
import { notifyChange } from "../../db/change-notifier.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import {
  defaultStatusText,
  forgetStatusTexts,
  loadStatusTexts,
  type ResolvedStatusText,
  resolveStatusText,
  STATUS_TEXTS_CHANGE,
} from "./status-text-lookup.ts";
import {
  listStatusTextRows,
  type StatusTextRow,
  type StatusTextValues,
  unsavedStatusTextRow,
  writeStatusText,
} from "./status-texts.repository.ts";

export interface Actor {
  userId: number;
  ip: string;
  lang: Language;
}

/** Body field → (column, language, kind): the six texts a status has. */
const FIELDS: readonly { field: StatusTextField; column: keyof StatusTextValues; lang: Language; label: boolean }[] = [
  { field: "labelEs", column: "label_es", lang: "es", label: true },
  { field: "labelEn", column: "label_en", lang: "en", label: true },
  { field: "labelFr", column: "label_fr", lang: "fr", label: true },
  { field: "explanationEs", column: "explanation_es", lang: "es", label: false },
  { field: "explanationEn", column: "explanation_en", lang: "en", label: false },
  { field: "explanationFr", column: "explanation_fr", lang: "fr", label: false },
];

const textOf = (resolved: ResolvedStatusText, spec: (typeof FIELDS)[number]) =>
  (spec.label ? resolved.label : resolved.explanation)[spec.lang];

function toAdmin(row: StatusTextRow): StatusTextAdmin {
  const status = asRequestStatus(row.status);
  const resolved = resolveStatusText(status, row);
  const texts = Object.fromEntries(FIELDS.map((spec) => [spec.field, textOf(resolved, spec)])) as Record<
    StatusTextField,
    string
  >;
  return {
    status,
    ...texts,
    customized: FIELDS.some((spec) => row[spec.column] !== null),
    version: row.version,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by_name,
  };
}

/** GET /api/settings/status-texts (Admin): the ten statuses in the workflow's order. */
export async function listStatusTextsForAdmin(ctx: AppContext): Promise<StatusTextAdminList> {
  const rows = await listStatusTextRows(ctx.db);
  return { items: REQUEST_STATUSES.map((status) => toAdmin(rows.get(status) ?? unsavedStatusTextRow(status))) };
}

/** GET /api/status-texts (anyone signed in): the words only, never who changed them or when. */
export async function publicStatusTexts(ctx: AppContext): Promise<StatusTexts> {
  const texts = await loadStatusTexts(ctx);
  return { items: REQUEST_STATUSES.map((status) => ({ status, ...texts[status] })) };
}

async function adminRow(ctx: AppContext, status: RequestStatus): Promise<StatusTextAdmin> {
  const rows = await listStatusTextRows(ctx.db);
  return toAdmin(rows.get(status) ?? unsavedStatusTextRow(status));
}

/**
 * Writes `values` (null = back to the default) if the status is still at `expectedVersion`. One
 * transaction: the label check, the write and the audit entry stand or fall together. A save that
 * changes nothing writes nothing. Answers the status as it now is.
 */
async function writeTexts(
  ctx: AppContext,
  actor: Actor,
  status: RequestStatus,
  expectedVersion: number,
  values: StatusTextValues,
): Promise<StatusTextAdmin> {
  const changed = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const rows = await listStatusTextRows(trx);
    const row = rows.get(status) ?? unsavedStatusTextRow(status);
    if (row.version !== expectedVersion) throw new AppError(409, "VERSION_CONFLICT");
    const before = resolveStatusText(status, row);
    const after = resolveStatusText(status, values);
    // Two statuses with the same name in one language could not be told apart in a list.
    for (const spec of FIELDS.filter((candidate) => candidate.label)) {
      const label = textOf(after, spec).toLocaleLowerCase(spec.lang);
      const other = REQUEST_STATUSES.find(
        (candidate) =>
          candidate !== status &&
          textOf(resolveStatusText(candidate, rows.get(candidate)), spec).toLocaleLowerCase(spec.lang) === label,
      );
      if (other) {
        const message = translate(actor.lang, "errors:STATUS_LABEL_TAKEN", { label: textOf(after, spec) });
        throw new AppError(409, "STATUS_LABEL_TAKEN", { label: textOf(after, spec) }, { [spec.field]: message });
      }
    }
    const changes = FIELDS.filter((spec) => row[spec.column] !== values[spec.column]);
    if (changes.length === 0) return false;
    const stamp = { updated_at: nowIso(), updated_by: actor.userId };
    if (!(await writeStatusText(trx, status, expectedVersion, { ...values, ...stamp }))) {
      throw new AppError(409, "VERSION_CONFLICT");
    }
    await recordAudit(trx, {
      event: "statusText.updated",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        status,
        // The words before and after (school wording, never personal data), in the audit log's
        // `changes` shape; `reset` when every text went back to the portal's.
        changes: changes.map((spec) => ({
          field: spec.field,
          before: textOf(before, spec),
          after: textOf(after, spec),
        })),
        ...(Object.values(values).every((value) => value === null) ? { reset: true } : {}),
      },
    });
    await notifyChange(trx, STATUS_TEXTS_CHANGE);
    return true;
  });
  if (changed) forgetStatusTexts();
  return adminRow(ctx, status);
}

/**
 * PUT /api/settings/status-texts/:status (Admin). A text equal to the portal's default is stored
 * as "default" (null), so the status keeps following the catalogue where the Admin did not
 * change it; an empty explanation is kept as empty (the family then reads none).
 */
export function saveStatusText(
  ctx: AppContext,
  actor: Actor,
  status: RequestStatus,
  body: StatusTextSave,
): Promise<StatusTextAdmin> {
  const fallback = defaultStatusText(status);
  const values = Object.fromEntries(
    FIELDS.map((spec) => {
      const value = body[spec.field];
      return [spec.column, value === textOf(fallback, spec) ? null : value];
    }),
  ) as unknown as StatusTextValues;
  return writeTexts(ctx, actor, status, body.expectedVersion, values);
}

/** POST /api/settings/status-texts/:status/reset (Admin): every text back to the default. */
export function resetStatusText(
  ctx: AppContext,
  actor: Actor,
  status: RequestStatus,
  expectedVersion: number,
): Promise<StatusTextAdmin> {
  const values = Object.fromEntries(FIELDS.map((spec) => [spec.column, null])) as unknown as StatusTextValues;
  return writeTexts(ctx, actor, status, expectedVersion, values);
}
