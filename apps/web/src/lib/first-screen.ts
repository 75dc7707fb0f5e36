import { oneShot } from "./one-shot.ts";

/**
 * When the first screen's code has arrived (issue #13). What no first screen needs — the toasts'
 * and the confirmation dialogs' frames — waits for it, so their downloads do not compete with the
 * session check, the catalogs and the screen on a slow phone network.
 */
const firstScreen = oneShot<void>();

/** Called by every lazy screen as its code arrives; only the first call counts. */
export function screenCodeArrived(): void {
  firstScreen.settle();
}

/**
 * Waits for the first screen's code (at most `screenWaitMs`: a page that is not a lazy screen, such
 * as the error page, never signals), then for the browser to be idle (at most `idleWaitMs` more).
 */
export async function afterFirstScreen(screenWaitMs = 5_000, idleWaitMs = 2_000): Promise<void> {
  await Promise.race([firstScreen.promise, new Promise<void>((resolve) => setTimeout(resolve, screenWaitMs))]);
  await new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === "function")
      window.requestIdleCallback(() => resolve(), { timeout: idleWaitMs });
    else setTimeout(resolve, 200);
  });
}
