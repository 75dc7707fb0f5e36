import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/Button.layer.css";
import { Button, type ButtonProps } from "@mantine/core";
import type { ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * A form's submit button that stays disabled until React has taken over a page the server drew
 * (docs/web.md "Server-drawn public pages"): sent before, the form would go as the browser sends
 * it, its fields (a password) in the address. A disabled default button also stops Enter from
 * sending it. What the browser renders itself is enabled at once.
 */
export function SubmitButton({ disabled, ...props }: ButtonProps & { children: ReactNode }) {
  const hydrated = useHydrated();
  return <Button type="submit" {...props} disabled={disabled || !hydrated} />;
}
