import type { Language } from "@portal/shared/languages";
import { ALL_ROUTES } from "@portal/shared/route-access";
import {
  REPRESENTATIVE_ROLES,
  SIGNER_ROLES,
  SIGNING_ERRORS,
  SIGNING_REMIND_MINUTES,
  type SignerRole,
  type SigningEventKind,
  type SigningEvents,
  type SigningState,
} from "@portal/shared/schemas/signing";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import { MINUTE_MS } from "../../lib/time.ts";
import { queueMail } from "../../mail/outbox.ts";
import { renderSigningInvitation } from "../../mail/signing-mail.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { publicLink } from "../auth/links.ts";
import { getIdentity } from "../settings/identity.service.ts";
import { familyAccounts, findDocumentById, lockDocument, markSigned, updateDocument } from "./signing.repository.ts";
import { insertEvents, lastEventAt, listEvents } from "./signing-evidence.repository.ts";
import { completeSigning, finalPdf } from "./signing-final.service.ts";
import { queueLink, recipientLanguage } from "./signing-links.service.ts";
import { eventOf, type Meta } from "./signing-rows.service.ts";
import { currentText, documentOf, type Loaded, loadRows, staffRequest, stateOf } from "./signing-state.service.ts";

/*
 * The staff's side (docs/rules/documents.md "Signing online"): a request's signatures and evidence
 * (signingView), reminding its representatives and countersigning (signingManage, audited).
 */

/** The family's signing screen (packages/shared/src/routes.ts `familySigning`), where an account signs signed in. */
const familySigningPath = ALL_ROUTES.find((route) => route.id === "familySigning")?.fullPath ?? "/";

async function load(ctx: AppContext, requestId: number, meta: Meta): Promise<Loaded> {
  return loadRows(ctx, await staffRequest(ctx, requestId), meta);
}

export async function staffState(
  ctx: AppContext,
  requestId: number,
  lang: Language,
  meta: Meta,
): Promise<SigningState> {
  return stateOf(ctx, await load(ctx, requestId, meta), lang, null);
}

export async function staffEvents(
  ctx: AppContext,
  requestId: number,
  documentId: number,
  meta: Meta,
): Promise<SigningEvents> {
  const { row } = documentOf(await load(ctx, requestId, meta), documentId);
  const events = await listEvents(ctx.db, row.id);
  return {
    events: events.map((event) => ({
      at: event.at,
      kind: event.kind as SigningEventKind,
      signerRole: (SIGNER_ROLES as readonly string[]).includes(event.signerRole ?? "")
        ? (event.signerRole as SignerRole)
        : null,
      ip: event.ip,
      userAgent: event.user_agent,
      byUser:
        event.userNames !== null
          ? [event.userNames, event.userFirstSurname, event.userSecondSurname].filter(Boolean).join(" ")
          : null,
    })),
  };
}

/**
 * E-mails every unsigned representative with an e-mail: a fresh link, or, for one whose e-mail is a
 * family account's (it signs signed in), a reminder to sign in. At most once per 10 minutes.
 */
export async function remind(
  ctx: AppContext,
  staff: CurrentUser,
  requestId: number,
  documentId: number,
  meta: Meta,
  lang: Language,
): Promise<SigningState> {
  const loaded = await load(ctx, requestId, meta);
  const { row, signers } = documentOf(loaded, documentId);
  if (row.status === "void") throw new AppError(409, SIGNING_ERRORS.void);
  const unsigned = signers.filter(
    (x) => (REPRESENTATIVE_ROLES as readonly string[]).includes(x.role) && x.signed_at === null && x.email !== null,
  );
  if (row.status !== "pending" || unsigned.length === 0) throw new AppError(409, SIGNING_ERRORS.nothingToRemind);
  const last = await lastEventAt(ctx.db, row.id, "reminded");
  if (last && Date.now() - Date.parse(last) < SIGNING_REMIND_MINUTES * MINUTE_MS) {
    throw new AppError(429, SIGNING_ERRORS.remindTooSoon);
  }
  const accounts = new Set(
    (await familyAccounts(ctx.db, loaded.s.request.familyId)).map((account) => account.email.toLowerCase()),
  );
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    for (const signer of unsigned) {
      const email = signer.email ?? "";
      if (!accounts.has(email.toLowerCase())) {
        await queueLink(ctx, trx, loaded, row, signer, { reminder: true, meta });
        continue;
      }
      const mail = renderSigningInvitation({
        language: await recipientLanguage(trx, email, loaded.s.language),
        to: email,
        school: (await getIdentity(ctx, trx)).schoolName,
        document: currentText(loaded.s, row).text.title,
        student: loaded.s.request.studentName,
        requestCode: loaded.s.request.code,
        name: signer.name,
        link: publicLink(
          ctx,
          familySigningPath
            .replace(":fileId", String(loaded.s.request.fileId))
            .replace(":documentId", String(documentId)),
        ),
        days: 0,
        reminder: true,
        ownAccount: true,
      });
      await queueMail(ctx, trx, { kind: "signingReminder", requestId, ...mail });
    }
    await insertEvents(trx, [
      { ...eventOf(row.id, "reminded", meta), detail: JSON.stringify({ roles: unsigned.map((x) => x.role) }) },
    ]);
    await recordAudit(trx, {
      event: "signing.reminded",
      actorUserId: staff.id,
      ip: meta.ip,
      details: { requestId, documentId, roles: unsigned.map((x) => x.role) },
    });
  });
  ctx.outbox.kick();
  return stateOf(ctx, await load(ctx, requestId, meta), lang, null);
}

const fullName = (user: CurrentUser) => [user.names, user.firstSurname, user.secondSurname].filter(Boolean).join(" ");

/** The school's signature, then the final PDF; only when every representative has signed. */
export async function countersign(
  ctx: AppContext,
  staff: CurrentUser,
  requestId: number,
  documentId: number,
  version: number,
  meta: Meta,
  lang: Language,
): Promise<SigningState> {
  const loaded = await load(ctx, requestId, meta);
  const { row, signers } = documentOf(loaded, documentId);
  if (row.status !== "awaitingSchool") throw new AppError(409, SIGNING_ERRORS.notReady);
  if (Number(row.version) !== version) throw new AppError(409, SIGNING_ERRORS.versionConflict);
  const school = signers.find((x) => x.role === "school");
  if (!school) throw new AppError(409, SIGNING_ERRORS.notReady);
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await lockDocument(trx, ctx.engine, row.id);
    const fresh = await findDocumentById(trx, row.id);
    if (!fresh || Number(fresh.version) !== version) throw new AppError(409, SIGNING_ERRORS.versionConflict);
    if (fresh.status !== "awaitingSchool") throw new AppError(409, SIGNING_ERRORS.notReady);
    const at = nowIso();
    // Marked once: a countersign repeated after a failed drawing only draws again.
    const marked = await markSigned(trx, school.id, {
      signed_at: at,
      typed_name: null,
      ip: meta.ip,
      user_agent: meta.userAgent,
      name: fullName(staff),
      user_id: staff.id,
    });
    if (marked) {
      await insertEvents(trx, [eventOf(row.id, "countersigned", meta, school.id, at)]);
      await recordAudit(trx, {
        event: "signing.countersigned",
        actorUserId: staff.id,
        ip: meta.ip,
        details: { requestId, documentId, code: loaded.s.request.code },
      });
    }
    await updateDocument(trx, row.id, version, {});
  });
  const reloaded = await load(ctx, requestId, meta);
  await completeSigning(ctx, reloaded, documentId, meta);
  return stateOf(ctx, await load(ctx, requestId, meta), lang, null);
}

export async function staffFinal(ctx: AppContext, requestId: number, documentId: number, meta: Meta) {
  return finalPdf(ctx, await load(ctx, requestId, meta), documentId);
}
