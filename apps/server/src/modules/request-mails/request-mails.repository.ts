import type { Db } from "../../db/database.ts";

/** The request a mail list belongs to: that it exists, and whose it is (for the audit log). */
export function findRequestOwner(db: Db, requestId: number) {
  return db.selectFrom("requests").select(["id", "user_id", "code"]).where("id", "=", requestId).executeTakeFirst();
}
