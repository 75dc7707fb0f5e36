import type { Language } from "@portal/shared/languages";
import {
  type RepresentativeRole,
  SIGNING_ERRORS,
  type SigningCodeSent,
  type SigningDocument,
  type SigningSign,
  type SigningState,
} from "@portal/shared/schemas/signing";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { type Signing, sendCode, sign } from "./signing-ceremony.service.ts";
import { insertEvents } from "./signing-evidence.repository.ts";
import { finalPdf } from "./signing-final.service.ts";
import { sendLink } from "./signing-links.service.ts";
import { eventOf, type Meta } from "./signing-rows.service.ts";
import {
  accountRole,
  documentFor,
  documentOf,
  familyRequest,
  type Loaded,
  loadRows,
  stateOf,
} from "./signing-state.service.ts";

/*
 * The signed-in family's signing (docs/rules/documents.md "Signing online"): its own sent files only,
 * signing as the representative whose e-mail is the account's (else representative 1), the code at
 * the account's e-mail; and the other representative's link.
 */

async function load(ctx: AppContext, user: CurrentUser, fileId: number, meta: Meta): Promise<Loaded> {
  return loadRows(ctx, await familyRequest(ctx, user, fileId), meta);
}

function signingOf(loaded: Loaded, user: CurrentUser, documentId: number): Signing {
  const { row, signers } = documentOf(loaded, documentId);
  const role = accountRole(loaded.s, user.email);
  const signer = signers.find((x) => x.role === role);
  if (!signer) throw new AppError(404, SIGNING_ERRORS.notFound);
  return { loaded, row, signer, email: user.email, voidError: () => new AppError(409, SIGNING_ERRORS.void) };
}

export async function familyState(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  lang: Language,
  meta: Meta,
): Promise<SigningState> {
  return stateOf(ctx, await load(ctx, user, fileId, meta), lang, { email: user.email });
}

export async function familyDocument(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  documentId: number,
  meta: Meta,
): Promise<SigningDocument> {
  const loaded = await load(ctx, user, fileId, meta);
  const signing = signingOf(loaded, user, documentId);
  const document = await documentFor(ctx, loaded, documentId, signing.signer.role as RepresentativeRole);
  await insertEvents(ctx.db, [eventOf(signing.row.id, "opened", meta, signing.signer.id)]);
  return document;
}

export async function familyCode(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  documentId: number,
  meta: Meta,
): Promise<SigningCodeSent> {
  const loaded = await load(ctx, user, fileId, meta);
  return sendCode(ctx, signingOf(loaded, user, documentId), meta, user.language);
}

export async function familySign(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  documentId: number,
  body: SigningSign,
  meta: Meta,
  lang: Language,
): Promise<SigningState> {
  const loaded = await load(ctx, user, fileId, meta);
  await sign(ctx, signingOf(loaded, user, documentId), body, meta);
  return familyState(ctx, user, fileId, lang, meta);
}

export async function familyLink(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  documentId: number,
  role: RepresentativeRole,
  meta: Meta,
  lang: Language,
): Promise<SigningState> {
  const loaded = await load(ctx, user, fileId, meta);
  const { row, signers } = documentOf(loaded, documentId);
  // The account's own signature is made here, signed in: a link is for the other representative.
  const signer = signers.find((x) => x.role === role);
  if (!signer || role === accountRole(loaded.s, user.email)) throw new AppError(400, SIGNING_ERRORS.noEmail);
  await sendLink(ctx, loaded, row, signer, meta);
  return familyState(ctx, user, fileId, lang, meta);
}

export async function familyFinal(ctx: AppContext, user: CurrentUser, fileId: number, documentId: number, meta: Meta) {
  const loaded = await load(ctx, user, fileId, meta);
  return finalPdf(ctx, loaded, documentId);
}
