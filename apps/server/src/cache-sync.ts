import { listenForChanges } from "./db/change-notifier.ts";
import type { Db, Engine } from "./db/database.ts";
import { SCHOOL_YEARS_CHANGE } from "./kernel/school-years.ts";
import {
  forgetAllSessions,
  forgetSession,
  forgetUserSessions,
  resumeSessionCache,
  suspendSessionCache,
} from "./kernel/session-cache.ts";
import { EMAIL_TEXTS_CHANGE, loadEmailTextOverrides } from "./mail/email-text-overrides.ts";
import { listVersionMoved, setListVersionTrust } from "./modules/requests/list-version.ts";
import { forgetSchoolYears } from "./modules/school-years/school-year-cache.ts";
import { forgetStatusTexts } from "./modules/status-texts/status-text-lookup.ts";

export interface CacheSync {
  /** Resolves once the process listens (at once on SQLite), or after `ms` if it cannot yet. */
  ready: (ms: number) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Keeps this process's caches (sessions, the request lists' version) in step with the writes of
 * every other server process on the same PostgreSQL (docs/adr/0004-session-cache-across-processes.md "Decision"). While
 * the listener is down, the caches are bypassed: a change could be missed. SQLite is one process:
 * nothing to do.
 */
export function startCacheSync(opts: {
  db: Db;
  engine: Engine;
  databaseUrl: string | undefined;
  log: (line: string) => void;
}): CacheSync {
  const { db, databaseUrl } = opts;
  if (opts.engine !== "postgres" || !databaseUrl) {
    return { ready: async () => {}, close: async () => {} };
  }
  // Down until the first LISTEN is in place.
  let down = true;
  suspendSessionCache();
  setListVersionTrust(db, "never");
  let heard: () => void = () => {};
  const listening = new Promise<void>((resolve) => {
    heard = resolve;
  });

  const reloadEmailTexts = () => {
    loadEmailTextOverrides(db).catch((error: unknown) => opts.log(`E-mail texts not reloaded: ${String(error)}`));
  };

  const listener = listenForChanges({
    connectionString: databaseUrl,
    log: opts.log,
    onListening: (up) => {
      if (up === !down) return;
      down = !up;
      if (up) {
        resumeSessionCache();
        setListVersionTrust(db, "notified");
        // A save of an e-mail text may have gone unheard while the listener was down.
        reloadEmailTexts();
        heard();
      } else {
        suspendSessionCache();
        setListVersionTrust(db, "never");
      }
    },
    onChange: (payload) => {
      const [kind, id] = payload.split(":", 2);
      if (kind === "session" && id) forgetSession(id);
      else if (kind === "user" && id) forgetUserSessions(Number(id));
      else if (kind === "sessions") forgetAllSessions();
      else if (kind === "requests") listVersionMoved(db);
      // Settings › Request statuses saved in another process (status-text-lookup.ts).
      else if (kind === "statusTexts") forgetStatusTexts();
      // Settings › School years saved in another process (school-year-cache.ts).
      else if (kind === SCHOOL_YEARS_CHANGE) forgetSchoolYears();
      // Settings › E-mail texts saved in another process (mail/email-text-overrides.ts).
      else if (kind === EMAIL_TEXTS_CHANGE) reloadEmailTexts();
    },
  });

  return {
    ready: async (ms) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      });
      await Promise.race([listening, late]);
      clearTimeout(timer);
    },
    close: async () => {
      await listener.close();
      // Back to what a process without a listener does, for whoever still holds this database.
      if (down) resumeSessionCache();
      down = false;
      setListVersionTrust(db, "timed");
    },
  };
}
