import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { modalsHost } from "./host-demand.ts";
import { i18n } from "./i18n.ts";
import { whenModalsHostSettled } from "./modals-ready.ts";

type ConfirmKind = "update" | "delete" | "cancel";

interface ConfirmOptions {
  title: string;
  text: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

/** Opens a confirmation dialog; resolves true only when the user confirms. */
export async function confirm({ title, text, confirmLabel, cancelLabel, danger }: ConfirmOptions): Promise<boolean> {
  modalsHost.need();
  if (!(await whenModalsHostSettled())) return window.confirm(`${title}\n\n${text}`);
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{text}</Text>,
      labels: {
        confirm: confirmLabel ?? i18n.t("common:actions.yes"),
        cancel: cancelLabel ?? i18n.t("common:actions.no"),
      },
      confirmProps: danger ? { color: "red" } : undefined,
      // Mantine's close button has no name of its own (axe: button-name).
      closeButtonProps: { "aria-label": i18n.t("common:actions.close") },
      // The first call wins: closing after a confirmation does not turn it into a refusal.
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** Spec 8: "Are you sure you want to update / delete / cancel?" with "You won't be able to revert this!". */
export function confirmAction(kind: ConfirmKind, text?: string): Promise<boolean> {
  return confirm({
    title: i18n.t(`common:confirm.${kind}Title`),
    text: text ?? i18n.t("common:confirm.cannotRevert"),
    danger: kind === "delete",
  });
}

/** Spec 8: "If you have unsaved changes, they will be lost." */
export function confirmUnsavedChanges(): Promise<boolean> {
  return confirm({
    title: i18n.t("common:confirm.unsavedTitle"),
    text: i18n.t("common:confirm.unsavedText"),
    confirmLabel: i18n.t("common:confirm.leave"),
    cancelLabel: i18n.t("common:confirm.stay"),
    danger: true,
  });
}
