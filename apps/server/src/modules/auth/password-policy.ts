import { containsPersonalInfo, type PasswordOwner } from "@portal/shared/password-personal";
import type { UserRow } from "../../kernel/accounts.ts";
import { AppError } from "../../lib/errors.ts";
import { isCommonPassword } from "./common-passwords.ts";

/**
 * The server's password rules beyond the shared schema's 8–128 characters: not a
 * breached or common password, not containing the e-mail's local part or a name. Checked wherever
 * a password is set: sign-up, reset, change, invitation acceptance and `admin:create`.
 */
export function passwordProblem(
  password: string,
  owner: PasswordOwner,
): "COMMON_PASSWORD" | "PASSWORD_PERSONAL" | null {
  if (isCommonPassword(password)) return "COMMON_PASSWORD";
  if (containsPersonalInfo(password, owner)) return "PASSWORD_PERSONAL";
  return null;
}

/** 400 with the rule's code, the `password` field marked (its message is the error's). */
export function assertPasswordAcceptable(password: string, owner: PasswordOwner): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw new AppError(400, problem, {}, { password: "" });
}

/** The owner as stored: e-mail, names and both surnames. */
export function ownerOf(user: Pick<UserRow, "email" | "names" | "first_surname" | "second_surname">): PasswordOwner {
  return { email: user.email, names: [user.names, user.first_surname, user.second_surname] };
}
