import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";
import { createSecretBox, parseDataKey, type SecretBox } from "./secret-box.ts";

/** Outside production without DATA_ENCRYPTION_KEY: the key generated once for this data folder. */
export const DEV_KEY_FILE = "data-encryption.key";

/**
 * The development key of `dataDir`, created on first use (never in production, where the
 * configuration requires DATA_ENCRYPTION_KEY). Written to a temporary file, then linked into place:
 * processes starting together on one folder (the test runs) all end up with the one key.
 */
function devKey(dataDir: string): Buffer {
  const file = path.join(dataDir, DEV_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(temp, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  const key = parseDataKey(fs.readFileSync(file, "utf8").trim());
  if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex digits)`);
  return key;
}

/** The box sealing the database's secrets with the configured key (docs/security.md, "Secrets at rest"). */
export function secretBoxOf(config: Config): SecretBox {
  if (config.env === "production" && !config.dataEncryptionKey) throw new Error("DATA_ENCRYPTION_KEY is required");
  return createSecretBox(config.dataEncryptionKey ?? devKey(config.dataDir), config.dataEncryptionKeyPrevious);
}
