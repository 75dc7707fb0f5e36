import type { ComponentProps } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * The form of a page the server may draw (docs/web.md "Server-drawn public pages"). Until React has
 * taken the page over, its fields and buttons are disabled (one fieldset around them): typed then,
 * a value would be lost as the form takes over its fields, and sent then, the form would go as the
 * browser sends it, its fields (a password) in the address. What the browser renders itself is
 * enabled at once.
 */
export function PageForm({ children, ...props }: ComponentProps<"form">) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset className="portal-plain-fieldset portal-page-form" disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  );
}
