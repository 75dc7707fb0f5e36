/**
 * A password must not contain what anyone who knows the person can guess first: the
 * e-mail's local part or one of their names or surnames. Shared so the browser can say so before
 * sending; the server decides.
 */

/** Parts shorter than this are too common inside unrelated words to refuse ("Li", "Ng"). */
export const PERSONAL_PART_MIN = 3;

export interface PasswordOwner {
  email: string;
  /** Names and surnames as typed ("Ana Lucía", "Pérez", "de la Torre"): split into words here. */
  names?: readonly (string | null | undefined)[];
}

/** Lower-cased, accents removed: "Pérez" and "PEREZ" are the same guess. */
function fold(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The parts of the owner's identity a password must not contain, folded, each at least 3 characters. */
export function personalParts(owner: PasswordOwner): string[] {
  const localPart = owner.email.split("@")[0] ?? "";
  const words = (owner.names ?? []).flatMap((name) => (name ?? "").split(/[\s\-'’.,]+/));
  const parts = [localPart, ...words].map(fold).filter((part) => part.length >= PERSONAL_PART_MIN);
  return [...new Set(parts)];
}

/** True when the password contains the e-mail's local part or a name or surname, in any case or accent. */
export function containsPersonalInfo(password: string, owner: PasswordOwner): boolean {
  const folded = fold(password);
  return personalParts(owner).some((part) => folded.includes(part));
}
