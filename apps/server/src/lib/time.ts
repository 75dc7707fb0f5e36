/** ISO-8601 UTC timestamp `ms` milliseconds from now (negative for the past). */
export function isoFromNow(ms: number, now = Date.now()): string {
  return new Date(now + ms).toISOString();
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
