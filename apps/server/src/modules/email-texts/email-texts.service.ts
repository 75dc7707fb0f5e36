import { translate } from "@portal/i18n/translate";
import { EMAIL_TEXT_IDS, type EmailTextId, emailTextProblem } from "@portal/shared/email-texts";
import { LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import type {
  EmailTextAdmin,
  EmailTextAdminList,
  EmailTextDraft,
  EmailTextPreview,
  EmailTextSave,
} from "@portal/shared/schemas/email-texts";
import type { AppContext } from "../../context.ts";
import { notifyChange } from "../../db/change-notifier.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import { portalEmailText } from "../../mail/email-text-defaults.ts";
import { EMAIL_TEXTS_CHANGE, loadEmailTextOverrides, renderEmailText } from "../../mail/email-text-overrides.ts";
import { publicLink } from "../auth/links.ts";
import { getIdentity } from "../settings/identity.service.ts";
import { sampleValues } from "./email-text-samples.ts";
import { type EmailTextRow, emailTextRowOf, listEmailTextRows, writeEmailText } from "./email-texts.repository.ts";

export interface Actor {
  userId: number;
  ip: string;
  lang: Language;
}

export interface EmailTextKey {
  id: EmailTextId;
  language: Language;
}

function toAdmin(key: EmailTextKey, row: EmailTextRow): EmailTextAdmin {
  const portal = portalEmailText(key.id, key.language);
  const customized = row.subject !== null && row.body !== null;
  return {
    id: key.id,
    language: key.language,
    subject: customized ? (row.subject ?? "") : portal.subject,
    body: customized ? (row.body ?? "") : portal.body,
    customized,
    version: row.version,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by_name,
  };
}

/** GET /api/settings/email-texts (Admin): every e-mail in every language, in the catalogue's order. */
export async function listEmailTextsForAdmin(ctx: AppContext): Promise<EmailTextAdminList> {
  const rows = await listEmailTextRows(ctx.db);
  return {
    items: EMAIL_TEXT_IDS.flatMap((id) =>
      LANGUAGE_CODES.map((language) => toAdmin({ id, language }, emailTextRowOf(rows, id, language))),
    ),
  };
}

/**
 * A 400 naming what is wrong under the subject or the body: a field the e-mail cannot fill, or a
 * required one the body lacks (the activation link, say: the mail would be useless without it).
 */
function checkFields(lang: Language, key: EmailTextKey, draft: EmailTextDraft): void {
  const problem = emailTextProblem(key.id, draft.subject, draft.body);
  if (!problem) return;
  const params = { fields: problem.names.join(", ") };
  const message = translate(lang, `errors:${problem.code}`, params);
  throw new AppError(400, problem.code, params, { [problem.field]: message });
}

/** POST /api/settings/email-texts/:id/:language/preview (Admin): the draft filled with sample data. */
export async function previewEmailText(
  ctx: AppContext,
  actor: Actor,
  key: EmailTextKey,
  draft: EmailTextDraft,
): Promise<EmailTextPreview> {
  checkFields(actor.lang, key, draft);
  const school = (await getIdentity(ctx)).schoolName;
  const values = await sampleValues(ctx, { ...key, school, portal: publicLink(ctx, "/portal") });
  return renderEmailText(draft, key.language, values);
}

/**
 * Writes the text (null = back to the portal's) if it is still at `expectedVersion`, with the
 * audit entry in the same transaction, then reloads the texts the renderers use. A save that
 * changes nothing writes nothing. A text equal to the portal's is stored as the portal's (null),
 * so it keeps following the catalogue.
 */
async function writeText(
  ctx: AppContext,
  actor: Actor,
  key: EmailTextKey,
  expectedVersion: number,
  values: { subject: string | null; body: string | null },
): Promise<EmailTextAdmin> {
  const portal = portalEmailText(key.id, key.language);
  const changed = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = emailTextRowOf(await listEmailTextRows(trx), key.id, key.language);
    if (row.version !== expectedVersion) throw new AppError(409, "VERSION_CONFLICT");
    if (row.subject === values.subject && row.body === values.body) return false;
    if (
      !(await writeEmailText(trx, { template: key.id, language: key.language }, expectedVersion, {
        ...values,
        updated_at: nowIso(),
        updated_by: actor.userId,
      }))
    ) {
      throw new AppError(409, "VERSION_CONFLICT");
    }
    const before = { subject: row.subject ?? portal.subject, body: row.body ?? portal.body };
    const after = { subject: values.subject ?? portal.subject, body: values.body ?? portal.body };
    await recordAudit(trx, {
      event: "emailText.updated",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        email: key.id,
        language: key.language,
        // The words before and after (school wording, never personal data), in the audit log's
        // `changes` shape; `reset` when the e-mail went back to the portal's text.
        changes: (["subject", "body"] as const)
          .filter((field) => before[field] !== after[field])
          .map((field) => ({ field, before: before[field], after: after[field] })),
        ...(values.subject === null ? { reset: true } : {}),
      },
    });
    await notifyChange(trx, EMAIL_TEXTS_CHANGE);
    return true;
  });
  if (changed) await loadEmailTextOverrides(ctx.db);
  return toAdmin(key, emailTextRowOf(await listEmailTextRows(ctx.db), key.id, key.language));
}

/** PUT /api/settings/email-texts/:id/:language (Admin). */
export function saveEmailText(
  ctx: AppContext,
  actor: Actor,
  key: EmailTextKey,
  body: EmailTextSave,
): Promise<EmailTextAdmin> {
  checkFields(actor.lang, key, body);
  const portal = portalEmailText(key.id, key.language);
  const same = body.subject === portal.subject && body.body === portal.body;
  return writeText(ctx, actor, key, body.expectedVersion, {
    subject: same ? null : body.subject,
    body: same ? null : body.body,
  });
}

/** POST /api/settings/email-texts/:id/:language/reset (Admin): back to the portal's text. */
export function resetEmailText(
  ctx: AppContext,
  actor: Actor,
  key: EmailTextKey,
  expectedVersion: number,
): Promise<EmailTextAdmin> {
  return writeText(ctx, actor, key, expectedVersion, { subject: null, body: null });
}
