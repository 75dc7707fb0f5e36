import { oneShot } from "./one-shot.ts";

/**
 * A frame that mounts the first time something needs it: the toasts' and the
 * confirmation dialogs' frames are not drawn while the first screen loads, but when the first
 * toast or confirmation asks for them.
 */
export interface HostDemand {
  /** Asks for the frame; later calls change nothing. */
  need: () => void;
  /** Settles at the first `need()`: app/providers.tsx mounts the frame then. */
  needed: Promise<void>;
}

function hostDemand(): HostDemand {
  const { promise, settle } = oneShot<void>();
  return { need: () => settle(), needed: promise };
}

/** app/toast-host.tsx, asked for by every toast (lib/toasts.ts); Mantine's store keeps the toast meanwhile. */
export const toastHost = hostDemand();

/** app/modals-host.tsx, asked for by every confirmation (lib/confirm.tsx), which waits for it. */
export const modalsHost = hostDemand();
