import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while a page drawn by the server has not been taken over by React yet (on the server and
 * during hydration), true from then on, and always true for what the browser renders itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
