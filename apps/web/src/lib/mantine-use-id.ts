import { useId as useReactId } from "react";

/**
 * Mantine's `useId` for the built app (vite.config.ts puts it in place of @mantine/hooks' own).
 * Mantine's starts from React's id and swaps in a random one in a layout effect: every input,
 * label and popover renders once more as it mounts, a fifth of the login screen's first component
 * renders. React's own id is unique in the page (portals included) and the same on the server and
 * in the browser, so the public pages the server draws hydrate with the same ids: this returns it
 * in Mantine's format, at the first render, and never changes it.
 */
export function useId(staticId?: string): string {
  const id = `mantine-${useReactId().replace(/[^\w-]/g, "")}`;
  return typeof staticId === "string" ? staticId : id;
}
