// The e2e fixture's database (scripts/e2e-server.mjs runs this before the server): the demo school
// seeded as `npm start` does, then its Admin, Secretaria and Consulta given a known TOTP key as if
// they had set up MFA already (issue #12), so e2e/support/session.ts signs them in with a real code
// computed from that key. The first-sign-in setup is exercised by e2e/mfa.spec.ts on an account of
// its own.
import { bootstrap } from "../apps/server/src/bootstrap.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { E2E_MFA_ACCOUNTS, E2E_TOTP_SECRET } from "../e2e/support/totp.ts";

const { ctx, handle } = await bootstrap(loadConfig(), () => {});
await ctx.db
  .updateTable("users")
  .set({ mfa_secret: E2E_TOTP_SECRET, mfa_enabled_at: new Date().toISOString() })
  .where("email", "in", E2E_MFA_ACCOUNTS)
  .execute();
await ctx.mailer.close();
await handle.close();
