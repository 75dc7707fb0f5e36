import { SIGNING_CODE_DIGITS, SIGNING_ERRORS } from "@portal/shared/schemas/signing";

/**
 * The signing form's rules as the page applies them before asking the server, which checks them
 * again (docs/rules/documents.md "Signing online"): a code of six digits, a typed name equal to the
 * signer's name on the file compared without case, accents or repeated spaces, the "I have read" box.
 */

export const CODE_LENGTH = SIGNING_CODE_DIGITS;

/** A name as the comparison sees it: no accents, lower case, single spaces, trimmed. */
export function comparableName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("und")
    .replace(/\s+/g, " ")
    .trim();
}

export function sameName(typed: string, onFile: string): boolean {
  return comparableName(typed) !== "" && comparableName(typed) === comparableName(onFile);
}

/** What a person types or pastes in the code field, kept to its digits (a pasted "123 456" works). */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

export type SigningFieldErrors = Partial<Record<"code" | "typedName" | "read", string>>;

/** The keys (namespace `signing`) of what is missing or wrong, per field; empty when the form may go. */
export function checkSigningForm(
  values: { code: string; typedName: string; read: boolean },
  signerName: string,
): SigningFieldErrors {
  const errors: SigningFieldErrors = {};
  if (values.code.length !== CODE_LENGTH) errors.code = "signing:form.codeInvalid";
  if (!values.typedName.trim()) errors.typedName = "signing:form.nameRequired";
  else if (!sameName(values.typedName, signerName)) errors.typedName = "signing:form.nameMismatch";
  if (!values.read) errors.read = "signing:form.readRequired";
  return errors;
}

/**
 * Where the server's refusal of a code request or a signature goes: under the code field, under
 * the name, a notice over the new text, a reading of the document again (signed meanwhile: the
 * screen then says so), the page's whole message (the link is no more), or the form's alert.
 */
export type SigningErrorPlace = "code" | "name" | "changed" | "reload" | "link" | "form";

const PLACES: Record<string, SigningErrorPlace> = {
  [SIGNING_ERRORS.codeWrong]: "code",
  [SIGNING_ERRORS.codeExpired]: "code",
  [SIGNING_ERRORS.codeLocked]: "code",
  [SIGNING_ERRORS.nameMismatch]: "name",
  [SIGNING_ERRORS.documentChanged]: "changed",
  [SIGNING_ERRORS.alreadySigned]: "reload",
  [SIGNING_ERRORS.linkNotFound]: "link",
  [SIGNING_ERRORS.linkExpired]: "link",
  [SIGNING_ERRORS.linkGone]: "link",
  [SIGNING_ERRORS.void]: "link",
};

export function signingErrorPlace(code: string): SigningErrorPlace {
  return PLACES[code] ?? "form";
}

/** After these the code typed is of no more use: the field is emptied and a new code is offered. */
export const NEW_CODE_NEEDED: readonly string[] = [SIGNING_ERRORS.codeExpired, SIGNING_ERRORS.codeLocked];

/** The full-page message's kind for a link (or a family's document) that can no longer be signed. */
export function goneKind(code: string): "expired" | "gone" | "unknown" {
  if (code === SIGNING_ERRORS.linkExpired) return "expired";
  if (code === SIGNING_ERRORS.linkGone || code === SIGNING_ERRORS.void) return "gone";
  return "unknown";
}
