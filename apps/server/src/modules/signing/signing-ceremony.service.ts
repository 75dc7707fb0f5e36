import { randomInt } from "node:crypto";
import { isLanguage, type Language } from "@portal/shared/languages";
import {
  SIGNING_CODE_MINUTES,
  SIGNING_CODE_RESEND_SECONDS,
  SIGNING_CODE_TRIES,
  SIGNING_ERRORS,
  type SigningCodeSent,
  type SigningSign,
} from "@portal/shared/schemas/signing";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { sha256 } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { isoFromNow, MINUTE_MS } from "../../lib/time.ts";
import { queueMail } from "../../mail/outbox.ts";
import { renderSigningCode } from "../../mail/signing-mail.ts";
import { getIdentity } from "../settings/identity.service.ts";
import {
  findDocumentById,
  listSigners,
  lockDocument,
  markSigned,
  outboxStatus,
  type SignerRow,
  type SigningDocumentRow,
  updateDocument,
} from "./signing.repository.ts";
import { countWrongTry, insertEvents, latestCode, replaceCode, useCode } from "./signing-evidence.repository.ts";
import { eventOf, type Meta, statusFromSigners } from "./signing-rows.service.ts";
import { currentText, type Loaded } from "./signing-state.service.ts";
import { maskEmail, sameName } from "./signing-text.ts";

/*
 * The ceremony (docs/rules/documents.md "Signing online"): a one-time code e-mailed to the signer,
 * then the signature: the text read (version and SHA-256) still current, the typed name the one on
 * the file, the code right. Shared by the signed-in family and the e-mailed link.
 */

/** How long a code call waits for the mail server to take the code before answering `queued: true`. */
const DELIVERY_WAIT_MS = 2_000;

export interface Signing {
  loaded: Loaded;
  row: SigningDocumentRow;
  signer: SignerRow;
  /** Where the code goes: the family account's e-mail, or the e-mail on the file for a link. */
  email: string;
  /** 409 for the family; a link answers 410 SIGNING_LINK_GONE before reaching here. */
  voidError: () => AppError;
}

function assertOpen(signing: Signing): void {
  if (signing.signer.signed_at !== null) throw new AppError(409, SIGNING_ERRORS.alreadySigned);
  if (signing.row.status === "void") throw signing.voidError();
  if (signing.row.status !== "pending") throw new AppError(409, SIGNING_ERRORS.alreadySigned);
}

const codeHash = (signerId: number, code: string) => sha256(`${signerId}:${code}`);

/**
 * Waits a moment for the outbox to deliver the code; true while it is still waiting there. One
 * round that began after the commit tries it: waiting for every round would, while other
 * families queue mails, wait the whole time for a code long sent.
 */
async function stillQueued(ctx: AppContext, mailId: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    ctx.outbox.nextRound().catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, DELIVERY_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  return (await outboxStatus(ctx.db, mailId)) !== "sent";
}

export async function sendCode(
  ctx: AppContext,
  signing: Signing,
  meta: Meta,
  language: Language,
): Promise<SigningCodeSent> {
  assertOpen(signing);
  const { signer, row, loaded } = signing;
  const last = await latestCode(ctx.db, signer.id);
  if (last && Date.now() - Date.parse(last.created_at) < SIGNING_CODE_RESEND_SECONDS * 1000) {
    throw new AppError(429, SIGNING_ERRORS.codeTooSoon);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const now = nowIso();
  const expiresAt = isoFromNow(SIGNING_CODE_MINUTES * MINUTE_MS);
  const title = currentText(loaded.s, row).text.title;
  const mailId = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await replaceCode(trx, {
      signer_id: signer.id,
      code_hash: codeHash(signer.id, code),
      expires_at: expiresAt,
      created_at: now,
    });
    const mail = renderSigningCode({
      language: isLanguage(language) ? language : loaded.s.language,
      to: signing.email,
      school: (await getIdentity(ctx, trx)).schoolName,
      document: title,
      student: loaded.s.request.studentName,
      requestCode: loaded.s.request.code,
      code,
      minutes: SIGNING_CODE_MINUTES,
    });
    const id = await queueMail(ctx, trx, { kind: "signingCode", requestId: loaded.s.request.requestId, ...mail });
    await insertEvents(trx, [
      {
        ...eventOf(row.id, "codeSent", meta, signer.id, now),
        detail: JSON.stringify({ to: maskEmail(signing.email) }),
      },
    ]);
    return id;
  });
  return { sentTo: maskEmail(signing.email) ?? "", expiresAt, queued: await stillQueued(ctx, mailId) };
}

type CodeCheck = { ok: true } | { ok: false; error: AppError };

/** Checks the code in the signature's transaction; a wrong try is counted (and committed) even though the call fails. */
async function checkCode(
  trx: Parameters<typeof latestCode>[0],
  signing: Signing,
  code: string,
  meta: Meta,
): Promise<CodeCheck> {
  const row = await latestCode(trx, signing.signer.id);
  if (!row || row.used_at !== null || Date.parse(row.expires_at) <= Date.now()) {
    return { ok: false, error: new AppError(410, SIGNING_ERRORS.codeExpired) };
  }
  if (Number(row.tries) >= SIGNING_CODE_TRIES)
    return { ok: false, error: new AppError(429, SIGNING_ERRORS.codeLocked) };
  if (row.code_hash !== codeHash(signing.signer.id, code)) {
    const tries = await countWrongTry(trx, row.id);
    await insertEvents(trx, [eventOf(signing.row.id, "codeFailed", meta, signing.signer.id)]);
    return {
      ok: false,
      error:
        tries >= SIGNING_CODE_TRIES
          ? new AppError(429, SIGNING_ERRORS.codeLocked)
          : new AppError(400, SIGNING_ERRORS.codeWrong, { triesLeft: SIGNING_CODE_TRIES - tries }),
    };
  }
  if (!(await useCode(trx, row.id, nowIso())))
    return { ok: false, error: new AppError(410, SIGNING_ERRORS.codeExpired) };
  return { ok: true };
}

/** The signature; returns when it was recorded. */
export async function sign(ctx: AppContext, signing: Signing, body: SigningSign, meta: Meta): Promise<string> {
  assertOpen(signing);
  const { row, signer, loaded } = signing;
  const now = currentText(loaded.s, row);
  if (body.versionId !== now.versionId || body.textSha256 !== now.sha256) {
    throw new AppError(409, SIGNING_ERRORS.documentChanged);
  }
  if (!sameName(body.typedName, signer.name))
    throw new AppError(400, SIGNING_ERRORS.nameMismatch, { name: signer.name });
  const at = nowIso();
  const failure = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await lockDocument(trx, ctx.engine, row.id);
    const check = await checkCode(trx, signing, body.code, meta);
    if (!check.ok) return check.error;
    const fresh = await findDocumentById(trx, row.id);
    if (fresh?.status !== "pending") throw new AppError(409, SIGNING_ERRORS.alreadySigned);
    let version = Number(fresh.version);
    if (fresh.signed_text === null) {
      // The first signature freezes the text: every later signer signs these same words.
      await updateDocument(trx, row.id, version, {
        version_id: now.versionId,
        signed_text: now.signedText,
        text_sha256: now.sha256,
      });
      version += 1;
    } else if (fresh.text_sha256 !== body.textSha256) {
      // Another representative froze a different text meanwhile (a new version published in between).
      throw new AppError(409, SIGNING_ERRORS.documentChanged);
    }
    const marked = await markSigned(trx, signer.id, {
      signed_at: at,
      typed_name: body.typedName,
      ip: meta.ip,
      user_agent: meta.userAgent,
      ...(meta.userId !== null ? { user_id: meta.userId } : {}),
    });
    if (!marked) throw new AppError(409, SIGNING_ERRORS.alreadySigned);
    await insertEvents(trx, [
      eventOf(row.id, "codeVerified", meta, signer.id, at),
      eventOf(row.id, "signed", meta, signer.id, at),
    ]);
    const status = statusFromSigners(await listSigners(trx, [row.id]));
    await updateDocument(trx, row.id, version, { status });
    return undefined;
  });
  if (failure) throw failure;
  return at;
}
