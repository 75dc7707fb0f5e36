import { useState } from "react";

/**
 * Mantine's `useId` for the built app (vite.config.ts puts it in place of @mantine/hooks' own).
 * Mantine's starts from React's id and swaps in a random one in a layout effect, for server-side
 * rendering, which this app does not do: every input, label and popover rendered once more as it
 * mounted, a fifth of the login screen's first component renders (issue #13). This one draws the
 * random id (Mantine's format) once, at the first render. Not Preact's `useId`: its counter
 * restarts in each portal (popovers, dialogs), so two elements could share an id.
 */
export function useId(staticId?: string): string {
  const [id] = useState(() => `mantine-${Math.random().toString(36).slice(2, 11)}`);
  return typeof staticId === "string" ? staticId : id;
}
