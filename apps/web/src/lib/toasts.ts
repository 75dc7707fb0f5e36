import { notifications } from "@mantine/notifications";
import { TOAST_AUTO_CLOSE_MS } from "@portal/shared/constants";
import { toastHost } from "./host-demand.ts";
import { i18n } from "./i18n.ts";

// Mantine's close button has no name of its own (axe: button-name).
const closeButtonProps = () => ({ "aria-label": i18n.t("common:actions.close") });

export function notifySuccess(message: string): void {
  toastHost.need();
  notifications.show({
    color: "green",
    title: i18n.t("common:toast.successTitle"),
    message,
    autoClose: TOAST_AUTO_CLOSE_MS,
    closeButtonProps: closeButtonProps(),
  });
}

export function notifyError(message: string): void {
  toastHost.need();
  notifications.show({
    color: "red",
    title: i18n.t("errors:title"),
    message,
    autoClose: TOAST_AUTO_CLOSE_MS,
    closeButtonProps: closeButtonProps(),
  });
}

type RecordOutcome = "created" | "updated" | "deleted" | "notCreated" | "notUpdated" | "notDeleted";

/** Spec 8 record notices: "record updated successfully", "record not updated"… */
export function notifyRecord(outcome: RecordOutcome): void {
  const message = i18n.t(`common:toast.${outcome}`);
  if (outcome.startsWith("not")) notifyError(message);
  else notifySuccess(message);
}
