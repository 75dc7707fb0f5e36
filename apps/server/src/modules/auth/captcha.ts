import { createChallenge, verifySolution } from "altcha-lib";
import type { Db } from "../../db/database.ts";
import { sha256 } from "../../lib/crypto.ts";
import { MINUTE_MS } from "../../lib/time.ts";

const CHALLENGE_TTL_MS = 10 * MINUTE_MS;
/** About a second of hashing in a phone browser; enough to make mass sign-ups costly. */
const MAX_NUMBER = 50_000;

export function newCaptchaChallenge(hmacKey: string) {
  return createChallenge({ hmacKey, maxNumber: MAX_NUMBER, expires: new Date(Date.now() + CHALLENGE_TTL_MS) });
}

/** Verifies an ALTCHA payload once: a solved challenge cannot be replayed for a second sign-up. */
export async function verifyCaptchaOnce(db: Db, hmacKey: string, payload: string): Promise<boolean> {
  let ok = false;
  try {
    ok = await verifySolution(payload, hmacKey, true);
  } catch {
    return false;
  }
  if (!ok) return false;
  const signature = sha256(payload);
  const now = new Date().toISOString();
  await db.deleteFrom("used_captchas").where("expires_at", "<", now).execute();
  const inserted = await db
    .insertInto("used_captchas")
    .values({ signature, expires_at: new Date(Date.now() + CHALLENGE_TTL_MS).toISOString() })
    .onConflict((oc) => oc.column("signature").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
