import { parseArgs } from "node:util";
import { emailField, passwordField } from "@portal/shared/schemas/fields";
import { bootstrap } from "../bootstrap.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { findUserByEmail, insertUser, updateUser } from "../kernel/accounts.ts";
import { ownerOf, passwordProblem } from "../modules/auth/password-policy.ts";

const USAGE = `Creates the first Admin (or makes an existing account Admin).

  npm run admin:create -- --email admin@school.ec [--names "Ana"] [--surname "Pérez"]

The password is read from the ADMIN_PASSWORD environment variable, or asked for on the terminal.`;

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new Error("Set ADMIN_PASSWORD or run this in a terminal.");
  process.stdout.write("Password (8 to 128 characters): ");
  process.stdin.setRawMode(true);
  let value = "";
  for await (const chunk of process.stdin) {
    for (const ch of String(chunk)) {
      if (ch === "\r" || ch === "\n") {
        process.stdin.setRawMode(false);
        process.stdout.write("\n");
        return value;
      }
      if (ch === "\u0003") process.exit(130);
      value = ch === "\u007f" ? value.slice(0, -1) : value + ch;
    }
  }
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      names: { type: "string" },
      surname: { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help || !values.email) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const email = emailField.safeParse(values.email);
  if (!email.success) throw new Error(`Not a valid e-mail address: ${values.email}`);
  const password = await readPassword();
  if (!passwordField.safeParse(password).success) throw new Error("The password must have 8 to 128 characters.");
  const config = { ...loadConfig(), seedDemo: false };
  const { ctx, handle } = await bootstrap(config);
  try {
    const existing = await findUserByEmail(ctx.db, email.data);
    // The placeholder "Admin" given to a nameless new account is no name a guesser would try.
    const given = { email: email.data, names: [values.names, values.surname] };
    const owner = existing ? { ...given, names: [...given.names, ...(ownerOf(existing).names ?? [])] } : given;
    const problem = passwordProblem(password, owner);
    if (problem === "COMMON_PASSWORD")
      throw new Error("This is a common password (found in breach lists): choose another.");
    if (problem) throw new Error("The password must not contain the e-mail's local part or a name: choose another.");
    const hash = await ctx.hasher.hash(password);
    if (existing) {
      await updateUser(ctx.db, existing.id, {
        role: "Admin",
        password_hash: hash,
        activated_at: existing.activated_at ?? new Date().toISOString(),
      });
      console.log(`${email.data} is now an Admin.`);
    } else {
      await insertUser(ctx.db, {
        email: email.data,
        passwordHash: hash,
        firstSurname: values.surname ?? "Admin",
        secondSurname: "",
        names: values.names ?? "Admin",
        phone: "",
        language: "es",
        role: "Admin",
        activated: true,
      });
      console.log(`Admin ${email.data} created.`);
    }
  } finally {
    ctx.mailer.close();
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `admin:create failed: ${error.message}`);
  process.exit(1);
});
