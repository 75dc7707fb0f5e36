import { Notifications } from "@mantine/notifications";
import { TOAST_AUTO_CLOSE_MS } from "@portal/shared/constants";

/**
 * Where the toasts show. Its own chunk, mounted by providers.tsx at the first toast:
 * the toast waits in Mantine's store (lib/toasts.ts writes there) until this renders it.
 */
export default function ToastHost() {
  // At the top left of the screen's own column, below the header (shell.css; docs/rules/screens.md "Layout and toasts"
  // "Where toasts show"): never over the header, the sidebar, or a drawer opened from the right
  // (top right they covered the documents drawer's links). Not at the bottom: there they covered
  // the forms' save buttons, and a pointer resting on a toast keeps it open. A failed save brings
  // the field it is about to the middle of the screen, clear of the toast (step-kit/use-step-form.ts).
  return <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-left" className="portal-toasts" />;
}
