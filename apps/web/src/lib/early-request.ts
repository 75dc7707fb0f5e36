/**
 * A request started as the app's code begins to run (main.tsx), before React has rendered the
 * component whose query asks for it, and handed to that query's first fetch (on a
 * phone network the first screen waited for a render before its session check even left).
 * Later fetches (a refetch, a retry after a failure) ask again as usual.
 */
export function earlyRequest<T>(request: () => Promise<T>): { start: () => void; fetch: () => Promise<T> } {
  let early: Promise<T> | undefined;
  return {
    start: () => {
      early = request();
      // A failure is the first fetch's to report (and the query's to retry), not an unhandled one.
      early.catch(() => {});
    },
    fetch: () => {
      const started = early;
      early = undefined;
      return started ?? request();
    },
  };
}
