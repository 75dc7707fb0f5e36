import { activateAccount } from "./api/auth-api.ts";

/**
 * One POST per token for the life of the page. StrictMode mounts screens twice in development and
 * an activation token is single-use, so a second request would wrongly report "invalid link".
 */
const attempts = new Map<string, Promise<unknown>>();

export function activateOnce(token: string): Promise<unknown> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = activateAccount(token);
    attempts.set(token, attempt);
    // A failed attempt may be retried later (a network error, a new visit to the link).
    attempt.catch(() => attempts.delete(token));
  }
  return attempt;
}
