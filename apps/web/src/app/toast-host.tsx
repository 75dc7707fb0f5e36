import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/Notification.layer.css";
import "@mantine/notifications/styles.layer.css";
import { Notifications } from "@mantine/notifications";
import { TOAST_AUTO_CLOSE_MS } from "@portal/shared/constants";

/**
 * Where the toasts show. Its own chunk, mounted by providers.tsx at the first toast (issue #13):
 * the toast waits in Mantine's store (lib/toasts.ts writes there) until this renders it.
 */
export default function ToastHost() {
  // Top right, below the header (shell.css): at the top they covered the header on phones
  // (issue #14). Not at the bottom: there they covered the forms' save buttons, and a pointer
  // resting on a toast keeps it open.
  return <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" className="portal-toasts" />;
}
