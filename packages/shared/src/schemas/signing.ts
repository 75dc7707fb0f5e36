import { z } from "zod";
import { LANGUAGE_CODES } from "../languages.ts";
import { idParam, text, tokenField } from "./fields.ts";
import { documentBlockSchema } from "./school-documents.ts";

/**
 * Signing online (docs/rules/documents.md "Signing online"): each legal representative signs each
 * document to sign of a sent request with a typed name, a ticked "I have read" and a one-time code
 * e-mailed to them; the school countersigns; a final PDF with an evidence page is stored. Strict
 * bodies: an unknown field is a 400 VALIDATION_ERROR naming it.
 */

/** pending: a representative has not signed; awaitingSchool: all have, the school has not; complete: countersigned, final PDF stored; void: request withdrawn or cancelled. */
export const SIGNING_STATUSES = ["pending", "awaitingSchool", "complete", "void"] as const;
export type SigningStatus = (typeof SIGNING_STATUSES)[number];

/** The documents list's `signing` filter (void rows belong to closed requests, never listed by it). */
export const SIGNING_FILTERS = ["pending", "awaitingSchool", "complete"] as const;
export type SigningFilter = (typeof SIGNING_FILTERS)[number];

export const SIGNER_ROLES = ["representative1", "representative2", "school"] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
export const REPRESENTATIVE_ROLES = ["representative1", "representative2"] as const satisfies readonly SignerRole[];
export type RepresentativeRole = (typeof REPRESENTATIVE_ROLES)[number];

/** The evidence events (`signing_events.kind`), listed on the final PDF's evidence page. */
export const SIGNING_EVENT_KINDS = [
  "created",
  "versionChanged",
  "linkSent",
  "opened",
  "codeSent",
  "codeFailed",
  "codeVerified",
  "signed",
  "reminded",
  "countersigned",
  "completed",
  "voided",
] as const;
export type SigningEventKind = (typeof SIGNING_EVENT_KINDS)[number];

/** The rules' numbers (docs/rules/documents.md "Signing online"). */
export const SIGNING_CODE_DIGITS = 6;
export const SIGNING_CODE_MINUTES = 10;
export const SIGNING_CODE_TRIES = 5;
/** No new code within this many seconds of the last one (429 SIGNING_CODE_TOO_SOON). */
export const SIGNING_CODE_RESEND_SECONDS = 60;
export const SIGNING_LINK_DAYS = 7;
/** No new link to the same representative within this many seconds (429 SIGNING_LINK_TOO_SOON). */
export const SIGNING_LINK_RESEND_SECONDS = 60;
/** Staff reminders of one document: at most one per this many minutes (429 SIGNING_REMIND_TOO_SOON). */
export const SIGNING_REMIND_MINUTES = 10;
export const VERIFICATION_CODE_LENGTH = 10;
/** The signatures' and events' times on the final PDF are in the school's time zone. */
export const SIGNING_TIME_ZONE = "America/Guayaquil";
/** The public checker page (PUBLIC_URL + this), printed on every page of a final PDF. */
export const DOCUMENT_CHECK_PATH = "/verify-document";

/** Every error code the signing routes answer with, beside the common ones (VALIDATION_ERROR, FORBIDDEN…). */
export const SIGNING_ERRORS = {
  /** 404: the file or request is not sent, not the caller's, or the document is not one to sign for it. */
  notFound: "SIGNING_NOT_FOUND",
  /** 404: the final PDF of a document not complete. */
  finalNotFound: "SIGNING_FINAL_NOT_FOUND",
  /** 404: a link token that matches nothing. */
  linkNotFound: "SIGNING_LINK_NOT_FOUND",
  /** 410: a link past its 7 days. */
  linkExpired: "SIGNING_LINK_EXPIRED",
  /** 410: the request was withdrawn or cancelled (status void). */
  linkGone: "SIGNING_LINK_GONE",
  /** 410 for links, 409 for the family: this document is void (the request is closed). */
  void: "SIGNING_VOID",
  /** 409: this signer has already signed this document. */
  alreadySigned: "SIGNING_ALREADY_SIGNED",
  /** 429: a code was sent less than 60 s ago. */
  codeTooSoon: "SIGNING_CODE_TOO_SOON",
  /** 400: wrong code; params.triesLeft. */
  codeWrong: "SIGNING_CODE_WRONG",
  /** 410: no live code (expired, used or never asked). */
  codeExpired: "SIGNING_CODE_EXPIRED",
  /** 429: five wrong tries: ask a new code. */
  codeLocked: "SIGNING_CODE_LOCKED",
  /** 400: the typed name is not the representative's name on the file. */
  nameMismatch: "SIGNING_NAME_MISMATCH",
  /** 409: the version or text the signer read is no longer the one to sign (reload). */
  documentChanged: "SIGNING_DOCUMENT_CHANGED",
  /** 409: countersign before every representative has signed (or after completion). */
  notReady: "SIGNING_NOT_READY",
  /** 409: stale `version` on countersign. */
  versionConflict: "VERSION_CONFLICT",
  /** 400: the representative to send a link to has no e-mail on the file (or is not on it). */
  noEmail: "SIGNING_NO_EMAIL",
  /** 429: a link was sent to that representative less than 60 s ago. */
  linkTooSoon: "SIGNING_LINK_TOO_SOON",
  /** 429: the document's representatives were reminded less than 10 minutes ago. */
  remindTooSoon: "SIGNING_REMIND_TOO_SOON",
  /** 409: nobody is left to remind (every representative has signed). */
  nothingToRemind: "SIGNING_NOTHING_TO_REMIND",
} as const;

// Path parameters.
export const signingFileParams = z.strictObject({ fileId: idParam });
export const signingFileDocumentParams = z.strictObject({ fileId: idParam, documentId: idParam });
export const signingRequestParams = z.strictObject({ requestId: idParam });
export const signingRequestDocumentParams = z.strictObject({ requestId: idParam, documentId: idParam });
export const signingLinkParams = z.strictObject({ token: tokenField });

/** POST …/code and POST /api/signing-links/:token/code, POST …/remind: an empty object. */
export const signingEmptySchema = z.strictObject({});

const sha256Field = z
  .string({ error: "validation.invalidType" })
  .regex(/^[0-9a-f]{64}$/, { error: "validation.invalidType" });
const positiveInt = z
  .number({ error: "validation.invalidType" })
  .int({ error: "validation.invalidType" })
  .positive({ error: "validation.invalidType" })
  .max(2_147_483_647, { error: "validation.invalidType" });

/** POST …/sign: what the signer read (version and SHA-256), the code, the typed name and the tick. */
export const signingSignSchema = z.strictObject({
  versionId: positiveInt,
  textSha256: sha256Field,
  code: z
    .string({ error: "validation.invalidType" })
    .regex(new RegExp(`^\\d{${SIGNING_CODE_DIGITS}}$`), { error: "validation.signingCode" }),
  typedName: text(300),
  read: z.literal(true, { error: "validation.signingRead" }),
});
export type SigningSignInput = z.input<typeof signingSignSchema>;
export type SigningSign = z.output<typeof signingSignSchema>;

/** POST …/link: e-mail the second representative a link to sign. */
export const signingLinkSchema = z.strictObject({
  role: z.enum(["representative2"], { error: "validation.choice" }),
});
export type SigningLinkInput = z.infer<typeof signingLinkSchema>;

/** POST …/countersign: the document's `version` as read (409 VERSION_CONFLICT when stale). */
export const signingCountersignSchema = z.strictObject({
  version: z
    .number({ error: "validation.invalidType" })
    .int({ error: "validation.invalidType" })
    .min(0, { error: "validation.invalidType" })
    .max(2_147_483_647, { error: "validation.invalidType" }),
});
export type SigningCountersign = z.infer<typeof signingCountersignSchema>;

// Responses.

export const signingSignerSchema = z.object({
  role: z.enum(SIGNER_ROLES),
  name: z.string(),
  signedAt: z.string().nullable(),
  /** The e-mail the code or link goes to, masked (m***@example.com); null without one (and for the school). */
  emailMasked: z.string().nullable(),
  linkSentAt: z.string().nullable(),
  /** Family view only: this account signs as this role here. Always false in the staff view. */
  canSignHere: z.boolean(),
  /** Family view only: representative2, not signed, with an e-mail: a link can be sent. Always false in the staff view. */
  canSendLink: z.boolean(),
});
export type SigningSigner = z.infer<typeof signingSignerSchema>;

export const signingStateDocumentSchema = z.object({
  documentId: z.number(),
  key: z.string(),
  /** In the reader's language. */
  title: z.string(),
  status: z.enum(SIGNING_STATUSES),
  versionNumber: z.number(),
  /** The optimistic version countersign carries. */
  version: z.number(),
  verificationCode: z.string().nullable(),
  completedAt: z.string().nullable(),
  signers: z.array(signingSignerSchema),
});
export type SigningStateDocument = z.infer<typeof signingStateDocumentSchema>;

export const signingStateSchema = z.object({ documents: z.array(signingStateDocumentSchema) });
export type SigningState = z.infer<typeof signingStateSchema>;

/** A document to read before signing: the text as it would be signed now (or as first signed). */
export const signingDocumentSchema = z.object({
  documentId: z.number(),
  versionId: z.number(),
  versionNumber: z.number(),
  title: z.string(),
  blocks: z.array(documentBlockSchema),
  /** SHA-256 of what would be signed now: the sign call sends it back. */
  textSha256: z.string(),
  /** The request's language: the text's language, whoever reads it. */
  language: z.enum(LANGUAGE_CODES),
  signer: z.object({ role: z.enum(SIGNER_ROLES), name: z.string(), identification: z.string() }),
  alreadySigned: z.boolean(),
  status: z.enum(SIGNING_STATUSES),
});
export type SigningDocument = z.infer<typeof signingDocumentSchema>;

/** GET /api/signing-links/:token: the document plus who asks (no session, so the page names the school). */
export const signingLinkDocumentSchema = signingDocumentSchema.extend({
  schoolName: z.string(),
  schoolAddress: z.string(),
  requestCode: z.string(),
});
export type SigningLinkDocument = z.infer<typeof signingLinkDocumentSchema>;

/** POST …/code: where the code went (masked) and until when; `queued` when the mail server was down. */
export const signingCodeSentSchema = z.object({
  sentTo: z.string(),
  expiresAt: z.string(),
  /** The code waits in the outbox (the mail server did not take it yet): "it may take a few minutes". */
  queued: z.boolean(),
});
export type SigningCodeSent = z.infer<typeof signingCodeSentSchema>;

/** POST /api/signing-links/:token/sign. */
export const signingLinkSignedSchema = z.object({ signedAt: z.string() });
export type SigningLinkSigned = z.infer<typeof signingLinkSignedSchema>;

export const signingEventSchema = z.object({
  at: z.string(),
  kind: z.enum(SIGNING_EVENT_KINDS),
  signerRole: z.enum(SIGNER_ROLES).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The staff member (or family account) who acted, by name; null for a link signer or the system. */
  byUser: z.string().nullable(),
});
export type SigningEvent = z.infer<typeof signingEventSchema>;

export const signingEventsSchema = z.object({ events: z.array(signingEventSchema) });
export type SigningEvents = z.infer<typeof signingEventsSchema>;

/** The documents list's per-row summary: each document to sign of the request and its status. */
export const signingSummarySchema = z.array(
  z.object({ documentId: z.number(), key: z.string(), title: z.string(), status: z.enum(SIGNING_STATUSES) }),
);
export type SigningSummary = z.infer<typeof signingSummarySchema>;
