import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@portal/shared/languages";
import {
  SIGNING_ERRORS,
  SIGNING_LINK_DAYS,
  SIGNING_LINK_RESEND_SECONDS,
  type SigningCodeSent,
  type SigningLinkDocument,
  type SigningLinkSigned,
  type SigningSign,
} from "@portal/shared/schemas/signing";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { randomToken, sha256 } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { isoFromNow } from "../../lib/time.ts";
import { queueMail } from "../../mail/outbox.ts";
import { renderSigningInvitation } from "../../mail/signing-mail.ts";
import { publicLink } from "../auth/links.ts";
import { getIdentity } from "../settings/identity.service.ts";
import {
  findRequestById,
  findSignerByLink,
  languageOfEmail,
  type SignerRow,
  type SigningDocumentRow,
  updateSigner,
} from "./signing.repository.ts";
import { sendCode, sign } from "./signing-ceremony.service.ts";
import { insertEvents } from "./signing-evidence.repository.ts";
import { CLOSED_STATUSES, eventOf, type Meta } from "./signing-rows.service.ts";
import { currentText, documentFor, documentOf, type Loaded, loadRows } from "./signing-state.service.ts";

/*
 * A representative who is not the signed-in account signs through a link e-mailed to the address on
 * the file (docs/rules/documents.md "Signing online"): 32 random bytes, only the SHA-256 kept, 7 days,
 * that document of that request only. The public page (packages/shared/src/routes.ts `signingLink`)
 * reads and signs through these.
 */

export const SIGN_PATH = "/sign";

/** The link's signer and document; 404 unknown, 410 expired or the request closed. */
async function byToken(ctx: AppContext, token: string, meta: Meta) {
  const found = await findSignerByLink(ctx.db, sha256(token));
  if (!found) throw new AppError(404, SIGNING_ERRORS.linkNotFound);
  const request = await findRequestById(ctx.db, found.requestId);
  if (!request || CLOSED_STATUSES.has(request.requestStatus)) throw new AppError(410, SIGNING_ERRORS.linkGone);
  if (!found.linkExpiresAt || Date.parse(found.linkExpiresAt) <= Date.now()) {
    throw new AppError(410, SIGNING_ERRORS.linkExpired);
  }
  const loaded = await loadRows(ctx, request, meta);
  const { row, signers } = documentOf(loaded, found.documentId);
  if (row.status === "void") throw new AppError(410, SIGNING_ERRORS.linkGone);
  const signer = signers.find((x) => x.id === found.signerId);
  if (!signer) throw new AppError(404, SIGNING_ERRORS.linkNotFound);
  return { loaded, row, signer };
}

export async function openLink(ctx: AppContext, token: string, meta: Meta): Promise<SigningLinkDocument> {
  const { loaded, row, signer } = await byToken(ctx, token, meta);
  const document = await documentFor(ctx, loaded, row.document_id, signer.role as "representative2");
  await insertEvents(ctx.db, [eventOf(row.id, "opened", meta, signer.id)]);
  return {
    ...document,
    schoolName: (await getIdentity(ctx)).schoolName,
    // The portal keeps no postal address for the school (Settings › General has none yet).
    schoolAddress: "",
    requestCode: loaded.s.request.code,
  };
}

function linkSigning(found: Awaited<ReturnType<typeof byToken>>) {
  return {
    ...found,
    email: found.signer.email ?? "",
    voidError: () => new AppError(410, SIGNING_ERRORS.linkGone),
  };
}

export async function codeByLink(ctx: AppContext, token: string, meta: Meta): Promise<SigningCodeSent> {
  const found = await byToken(ctx, token, meta);
  if (!found.signer.email) throw new AppError(404, SIGNING_ERRORS.linkNotFound);
  const language = await recipientLanguage(ctx.db, found.signer.email, found.loaded.s.language);
  return sendCode(ctx, linkSigning(found), meta, language);
}

export async function signByLink(
  ctx: AppContext,
  token: string,
  body: SigningSign,
  meta: Meta,
): Promise<SigningLinkSigned> {
  const found = await byToken(ctx, token, meta);
  return { signedAt: await sign(ctx, linkSigning(found), body, meta) };
}

/** An e-mail's reader's language: its account's, else the request's. */
export async function recipientLanguage(db: Db, email: string, fallback: Language): Promise<Language> {
  const language = await languageOfEmail(db, email);
  return isLanguage(language) ? language : (fallback ?? DEFAULT_LANGUAGE);
}

/**
 * Queues a fresh link (a new token: only hashes are kept) to an unsigned representative, in the
 * caller's transaction; `reminder` words it as one. The link's signer must have an e-mail.
 */
export async function queueLink(
  ctx: AppContext,
  trx: Db,
  loaded: Loaded,
  row: SigningDocumentRow,
  signer: SignerRow,
  opts: { reminder: boolean; meta: Meta },
): Promise<void> {
  const email = signer.email;
  if (!email) throw new AppError(400, SIGNING_ERRORS.noEmail);
  const token = randomToken(32);
  const now = nowIso();
  await updateSigner(trx, signer.id, {
    link_token_hash: sha256(token),
    link_expires_at: isoFromNow(SIGNING_LINK_DAYS * 24 * 3_600_000),
    link_sent_at: now,
  });
  const mail = renderSigningInvitation({
    language: await recipientLanguage(trx, email, loaded.s.language),
    to: email,
    school: (await getIdentity(ctx, trx)).schoolName,
    document: currentText(loaded.s, row).text.title,
    student: loaded.s.request.studentName,
    requestCode: loaded.s.request.code,
    name: signer.name,
    link: publicLink(ctx, `${SIGN_PATH}/${token}`),
    days: SIGNING_LINK_DAYS,
    reminder: opts.reminder,
    ownAccount: false,
  });
  await queueMail(ctx, trx, {
    kind: opts.reminder ? "signingReminder" : "signingLink",
    requestId: loaded.s.request.requestId,
    ...mail,
  });
  await insertEvents(trx, [eventOf(row.id, "linkSent", opts.meta, signer.id, now)]);
}

/** The family sends the other representative its link (not within 60 s of the last one). */
export async function sendLink(
  ctx: AppContext,
  loaded: Loaded,
  row: SigningDocumentRow,
  signer: SignerRow,
  meta: Meta,
) {
  if (signer.signed_at !== null) throw new AppError(409, SIGNING_ERRORS.alreadySigned);
  if (row.status === "void") throw new AppError(409, SIGNING_ERRORS.void);
  if (row.status !== "pending") throw new AppError(409, SIGNING_ERRORS.alreadySigned);
  if (!signer.email) throw new AppError(400, SIGNING_ERRORS.noEmail);
  if (signer.link_sent_at && Date.now() - Date.parse(signer.link_sent_at) < SIGNING_LINK_RESEND_SECONDS * 1000) {
    throw new AppError(429, SIGNING_ERRORS.linkTooSoon);
  }
  await writeTransaction(ctx.db, ctx.engine, (trx) =>
    queueLink(ctx, trx, loaded, row, signer, { reminder: false, meta }),
  );
  ctx.outbox.kick();
}
