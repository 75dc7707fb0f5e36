import { oneShot } from "./one-shot.ts";

/**
 * Whether the confirmation dialogs can show. Mantine opens its modals by a window event
 * that only a mounted `ModalsProvider` hears, and that provider is a lazy chunk
 * (app/modals-host.tsx) kept off the login route. `confirm` waits for it; if its chunk could not be
 * downloaded, the browser's own dialog asks instead, so a confirmation is never skipped.
 */
const mounted = oneShot<boolean>();

/** Called once by the host: `true` when Mantine's provider listens, `false` when it cannot load. */
export function modalsHostSettled(available: boolean): void {
  mounted.settle(available);
}

export function whenModalsHostSettled(): Promise<boolean> {
  return mounted.promise;
}
