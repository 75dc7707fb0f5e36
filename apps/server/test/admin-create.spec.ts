import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { createPasswordHasher } from "../src/modules/auth/passwords.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { REPO_ROOT } from "./support/server-process.ts";

let own: OwnDatabase;
beforeAll(async () => {
  own = await createOwnDatabase("admin_create");
});
afterAll(() => own.drop());

/** Runs `npm run admin:create`'s script the way an operator would, on this spec's own database. */
function adminCreate(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(
      path.join(REPO_ROOT, "node_modules/.bin/tsx"),
      ["apps/server/src/cli/admin-create.ts", ...args],
      {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? REPO_ROOT,
          NODE_ENV: "production",
          DATA_ENCRYPTION_KEY: "a".repeat(64),
          ...own.env,
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.on("exit", (code) => resolve({ code, out }));
  });
}

const PRODUCTION = { CAPTCHA_HMAC_KEY: "k".repeat(40), PUBLIC_URL: "https://portal.school.ec" };

describe("npm run admin:create", () => {
  it("creates the first activated Admin in production, without the demo school", async () => {
    const result = await adminCreate(["--email", "Director@School.EC", "--names", "Ana"], {
      ...PRODUCTION,
      ADMIN_PASSWORD: "a long admin passphrase",
    });
    expect(result.out).toContain("Admin director@school.ec created");
    expect(result.code).toBe(0);

    const handle = openDatabase(loadConfig({ ...own.env, NODE_ENV: "test" }));
    try {
      const users = await handle.db.selectFrom("users").selectAll().execute();
      expect(users.map((u) => u.email)).toEqual(["director@school.ec"]);
      const [admin] = users;
      expect(admin).toMatchObject({ role: "Admin", names: "Ana" });
      expect(admin?.activated_at).not.toBeNull();
      expect(await createPasswordHasher(19456).verify(admin!.password_hash, "a long admin passphrase")).toBe(true);
      const years = await handle.db.selectFrom("school_years").select("id").execute();
      expect(years).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });

  it("refuses a weak password and a bad e-mail, creating nothing", async () => {
    const weak = await adminCreate(["--email", "other@school.ec"], { ...PRODUCTION, ADMIN_PASSWORD: "password123" });
    expect(weak.code).toBe(1);
    expect(weak.out).toContain("common password");
    const bad = await adminCreate(["--email", "not-an-email"], {
      ...PRODUCTION,
      ADMIN_PASSWORD: "a long admin passphrase",
    });
    expect(bad.code).toBe(1);
    const handle = openDatabase(loadConfig({ ...own.env, NODE_ENV: "test" }));
    try {
      const emails = (await handle.db.selectFrom("users").select("email").execute()).map((u) => u.email);
      expect(emails).not.toContain("other@school.ec");
    } finally {
      await handle.close();
    }
  });

  it("explains its use without --email", async () => {
    const result = await adminCreate([], PRODUCTION);
    expect(result.code).toBe(2);
    expect(result.out).toContain("--email");
  });
});
