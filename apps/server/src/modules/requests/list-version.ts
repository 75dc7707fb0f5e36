import { committedTransactionCount, type Db } from "../../db/database.ts";
import { requestListVersion } from "./requests.repository.ts";

/**
 * How long the list version read from the database is trusted when this process has committed no
 * write since (its own writes are seen at once: the version is read again after each of them):
 * - "timed": for VERSION_TRUST_MS, so another process's change (a command-line seed on SQLite)
 *   shows within that time. The default, and SQLite's.
 * - "notified": until a notification says a request changed (PostgreSQL, while this process
 *   listens for changes: migration 0010's trigger notifies on every commit that changes requests).
 * - "never": read on every list (PostgreSQL while the listener is down: a change could go unheard).
 */
export type VersionTrust = "timed" | "notified" | "never";

export const VERSION_TRUST_MS = 1_000;

interface Sync {
  trust: VersionTrust;
  /** Moves on every notification and every change of trust: a version read before is not trusted. */
  changes: number;
}

const syncByDb = new WeakMap<Db, Sync>();
const versionRead = new WeakMap<Db, { version: number; at: number; commits: number; changes: number }>();

function syncOf(db: Db): Sync {
  let sync = syncByDb.get(db);
  if (!sync) {
    sync = { trust: "timed", changes: 0 };
    syncByDb.set(db, sync);
  }
  return sync;
}

export function setListVersionTrust(db: Db, trust: VersionTrust): void {
  const sync = syncOf(db);
  sync.trust = trust;
  sync.changes++;
}

/** A request changed (in any process): the next list reads the version again. */
export function listVersionMoved(db: Db): void {
  syncOf(db).changes++;
}

/** The list version: from the last read while it can be trusted, else read again. */
export async function listVersion(db: Db): Promise<number> {
  const sync = syncOf(db);
  const known = versionRead.get(db);
  const now = Date.now();
  if (
    known &&
    known.commits === committedTransactionCount() &&
    known.changes === sync.changes &&
    (sync.trust === "notified" || (sync.trust === "timed" && now - known.at < VERSION_TRUST_MS))
  ) {
    return known.version;
  }
  // Counted before the read: a write committed (or notified) while it runs makes this read stale at once.
  const commits = committedTransactionCount();
  const changes = sync.changes;
  const version = await requestListVersion(db);
  versionRead.set(db, { version, at: now, commits, changes });
  return version;
}
