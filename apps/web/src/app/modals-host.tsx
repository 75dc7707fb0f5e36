import { ModalsProvider } from "@mantine/modals";
import { useEffect } from "react";
import { modalsHostSettled } from "../lib/modals-ready.ts";

/**
 * Where the confirmation dialogs show (lib/confirm.tsx). Its own chunk, mounted beside the screens
 * by providers.tsx at the first confirmation, which waits for it: the modal with its
 * focus trap and scroll lock is ≈ 10 KB no first screen needs. Nothing reads Mantine's modals
 * context, so the provider wraps no screen.
 */
export default function ModalsHost() {
  // After the provider's own effects (a child's run first): its window listeners are in place.
  useEffect(() => modalsHostSettled(true), []);
  return <ModalsProvider />;
}
