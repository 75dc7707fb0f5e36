import type { TestApp } from "./test-app.ts";

/**
 * Demotes every Admin but `keep`, so a test starts with exactly one Admin (on a database of its
 * own: who is the last Admin depends on every account in it).
 */
export async function onlyAdmin(app: TestApp, keep: number): Promise<void> {
  await app.ctx.db
    .updateTable("users")
    .set({ role: "User" })
    .where("role", "=", "Admin")
    .where("id", "!=", keep)
    .execute();
}
