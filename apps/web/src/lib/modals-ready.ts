/**
 * Whether the confirmation dialogs can show (issue #13). Mantine opens its modals by a window event
 * that only a mounted `ModalsProvider` hears, and that provider is a lazy chunk
 * (app/modals-host.tsx) kept off the login route. `confirm` waits for it; if its chunk could not be
 * downloaded, the browser's own dialog asks instead, so a confirmation is never skipped.
 */
let settle: (available: boolean) => void = () => {};
const mounted = new Promise<boolean>((resolve) => {
  settle = resolve;
});

/** Called once by the host: `true` when Mantine's provider listens, `false` when it cannot load. */
export function modalsHostSettled(available: boolean): void {
  settle(available);
}

export function whenModalsHostSettled(): Promise<boolean> {
  return mounted;
}
