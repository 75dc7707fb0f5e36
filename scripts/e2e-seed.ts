// The e2e fixture's database (scripts/e2e-server.mjs runs this before the server): the demo school
// seeded as `npm start` does, then its Admin, Secretaria and Consulta given a known TOTP key as if
// they had set up MFA already, so e2e/support/session.ts signs them in with a real code
// computed from that key. The first-sign-in setup is exercised by e2e/mfa.spec.ts on an account of
// its own.
import { bootstrap } from "../apps/server/src/bootstrap.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import {
  E2E_ADMINS_BY_LANGUAGE,
  E2E_CONSULTAS_BY_LANGUAGE,
  E2E_MFA_ACCOUNTS,
  E2E_TOTP_SECRET,
} from "../e2e/support/totp.ts";

const { ctx, handle } = await bootstrap(loadConfig(), () => {});
// An Admin and a Consulta working in English and in French, so the accessibility scan
// reads the staff screens in the three languages without changing the shared demo accounts' language.
for (const [demo, byLanguage] of [
  ["admin@demo.local", E2E_ADMINS_BY_LANGUAGE],
  ["consulta@demo.local", E2E_CONSULTAS_BY_LANGUAGE],
] as const) {
  const { id: _id, ...row } = await ctx.db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", demo)
    .executeTakeFirstOrThrow();
  for (const [language, email] of Object.entries(byLanguage)) {
    await ctx.db
      .insertInto("users")
      .values({ ...row, email, language, names: `${row.names} ${language.toUpperCase()}` })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
  }
}
await ctx.db
  .updateTable("users")
  .set({ mfa_secret: E2E_TOTP_SECRET, mfa_enabled_at: new Date().toISOString() })
  .where("email", "in", [...E2E_MFA_ACCOUNTS])
  .execute();
await ctx.mailer.close();
await handle.close();
