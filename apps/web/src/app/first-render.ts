import { FIRST_SCREEN_NAMESPACES } from "@portal/i18n/namespaces";
import { i18n } from "../lib/i18n.ts";
import { publicConfigQuery } from "../lib/public-config-query.ts";
import { queryClient } from "../lib/query-client.ts";
import { sessionQuery } from "../lib/session-query.ts";
import { settledWithin } from "../lib/settled-within.ts";

/** Past this, the app renders anyway and its own loaders take over (a request that hangs). */
const FIRST_RENDER_WAIT_MS = 4_000;
/**
 * A page the server drew is on screen already: React takes it over only once what it was drawn
 * with is there too (taking it over sooner would draw it again as loaders). This long, for a
 * download that hangs; its submit buttons stay disabled meanwhile (components/ui/submit-button.tsx).
 */
export const DRAWN_PAGE_WAIT_MS = 30_000;

/**
 * Waits for what the first screen shows: the session, the branding, the first
 * catalogs and the screen's code (`screenCode`, already downloading). Rendering before them drew
 * the app twice on a phone, a loader under the fallback theme and then everything again with the
 * school's colours (Mantine's CSS variables computed each time). Meanwhile index.html's own
 * spinner shows, from the first paint, before any of the app's code has arrived.
 *
 * A failed request stays failed in the query cache and the render shows it as before: the query
 * retries on mount, then the root layout says the server cannot be reached.
 */
export function firstScreenReady(screenCode: Promise<unknown>, waitMs = FIRST_RENDER_WAIT_MS): Promise<void> {
  return settledWithin(
    [
      // No retries here: after a failure the app renders and the query retries as it always has,
      // so a dead server is reported as soon as before, not after two rounds of retries.
      queryClient.ensureQueryData({ ...sessionQuery, retry: false }),
      queryClient.ensureQueryData({ ...publicConfigQuery, retry: false }),
      i18n.loadNamespaces([...FIRST_SCREEN_NAMESPACES]),
      screenCode,
    ],
    waitMs,
  );
}
