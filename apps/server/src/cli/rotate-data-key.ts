import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { secretBoxOf } from "../lib/data-key.ts";
import { resealPendingBallots } from "../modules/elections/pending-ballots.repository.ts";
import { resealTotpKeys } from "../modules/mfa/totp-key-store.ts";
import { resealCertificate } from "../modules/school-seal/certificate-store.ts";

const USAGE = `Re-encrypts every secret the database keeps (TOTP keys, ballots waiting for their batch, the
school's certificate and its password) with
DATA_ENCRYPTION_KEY.

  DATA_ENCRYPTION_KEY=<new> DATA_ENCRYPTION_KEY_PREVIOUS=<old> npm run secrets:rotate

Rotation (docs/security.md, "Secrets at rest"):
  1. Make a new key: openssl rand -hex 32
  2. Restart every server process with DATA_ENCRYPTION_KEY=<new> and DATA_ENCRYPTION_KEY_PREVIOUS=<old>
     (they read values sealed by either key and seal new ones with the new key).
  3. Run this command with the same two variables: it re-encrypts every row still under the old key.
  4. Remove DATA_ENCRYPTION_KEY_PREVIOUS and restart. Keep the old key until a backup taken after
     step 3 exists: older backups need it.

Running it again changes nothing; a row that neither key opens stops it with an error.`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { help: { type: "boolean" } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const box = secretBoxOf(config);
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    // Ballots of an open poll wait sealed (docs/elections.md "The ballot box during the poll"):
    // left under the old key, they would not open once DATA_ENCRYPTION_KEY_PREVIOUS is removed.
    // The school's certificate likewise (docs/rules/documents.md "Seal").
    const changed =
      (await resealTotpKeys(handle.db, box)) +
      (await resealPendingBallots(handle.db, box)) +
      (await resealCertificate(handle.db, box));
    console.log(
      `${changed} secret(s) re-encrypted; every stored secret is now under key ${box.currentKeyId}.` +
        (config.dataEncryptionKeyPrevious ? " DATA_ENCRYPTION_KEY_PREVIOUS may now be removed." : ""),
    );
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `secrets:rotate failed: ${error.message}`);
  process.exit(1);
});
