import { sql } from "kysely";
import pg from "pg";
import { type Db, isPostgres } from "./database.ts";

/**
 * Cross-process cache invalidation on PostgreSQL (docs/adr/0004-session-cache-across-processes.md "Decision"): writers
 * NOTIFY on one channel, every server process LISTENs on a connection of its own and forgets what
 * the payload names. SQLite is one file for one process: nothing is sent there.
 *
 * Payloads: `session:<id>`, `user:<id>`, `sessions` (all of them), `requests` (the list version
 * moved; sent by the trigger of migration 0010), `statusTexts` (Settings › Request statuses saved), `schoolYears` (a school year written).
 */
export const CHANGES_CHANNEL = "portal_changes";

/**
 * Tells every process (this one included) that `payload` changed. Inside a transaction PostgreSQL
 * delivers it on commit, and not at all on rollback: after the change is visible, as it must be.
 */
export async function notifyChange(db: Db, payload: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`.execute(db);
}

/** The listener's `application_name` is this followed by the server's process id. */
export const LISTENER_NAME_PREFIX = "portal-changes-";

export interface ChangeListener {
  /** True while LISTEN is in place: only then may a cache rely on hearing about changes. */
  listening: () => boolean;
  close: () => Promise<void>;
}

export interface ListenOptions {
  connectionString: string;
  onChange: (payload: string) => void;
  /** Called with false when the connection is lost (missed notifications possible), true once listening again. */
  onListening: (listening: boolean) => void;
  log: (line: string) => void;
  /** Reconnection back-off bounds; a `select 1` every `heartbeatMs` finds a connection that died silently. */
  retryMinMs?: number;
  retryMaxMs?: number;
  heartbeatMs?: number;
}

/**
 * A dedicated connection (not from the pool: a pooled one is handed to other queries and its
 * LISTEN would come and go) that listens on CHANGES_CHANNEL and reconnects by itself with
 * back-off. Errors are logged, never thrown: the process keeps serving, its caches bypassed.
 */
export function listenForChanges(opts: ListenOptions): ChangeListener {
  const retryMin = opts.retryMinMs ?? 100;
  const retryMax = opts.retryMaxMs ?? 5_000;
  const heartbeatMs = opts.heartbeatMs ?? 10_000;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let delay = retryMin;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const setListening = (value: boolean) => {
    if (listening === value) return;
    listening = value;
    opts.onListening(value);
  };

  /** Drops the current connection (if still ours) and schedules another. */
  const lost = (current: pg.Client, reason: string) => {
    if (client !== current) return;
    client = undefined;
    clearInterval(heartbeat);
    setListening(false);
    current.removeAllListeners("notification");
    current.end().catch(() => {});
    if (closed) return;
    opts.log(`change listener: ${reason}; listening again in ${delay} ms`);
    retry = setTimeout(connect, delay);
    delay = Math.min(delay * 2, retryMax);
  };

  const connect = async () => {
    retry = undefined;
    if (closed) return;
    // Named for pg_stat_activity: an operator (or a test) can tell which process listens there.
    const current = new pg.Client({
      connectionString: opts.connectionString,
      keepAlive: true,
      application_name: `${LISTENER_NAME_PREFIX}${process.pid}`,
    });
    client = current;
    current.on("error", (error) => lost(current, error.message));
    current.on("end", () => lost(current, "connection ended"));
    current.on("notification", (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload !== undefined) opts.onChange(message.payload);
    });
    try {
      await current.connect();
      await current.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost(current, error instanceof Error ? error.message : String(error));
      return;
    }
    if (client !== current) return;
    delay = retryMin;
    heartbeat = setInterval(() => {
      // A connection cut without a reset (a firewall dropping idle ones) reports nothing by itself.
      const timer = setTimeout(() => lost(current, "no answer to the heartbeat"), 5_000);
      current.query("select 1").then(
        () => clearTimeout(timer),
        (error: Error) => {
          clearTimeout(timer);
          lost(current, error.message);
        },
      );
    }, heartbeatMs);
    heartbeat.unref();
    setListening(true);
  };

  void connect();
  return {
    listening: () => listening,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const current = client;
      client = undefined;
      setListening(false);
      if (current) await current.end().catch(() => {});
    },
  };
}
