import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-error.ts";
import { confirmAction } from "../../../lib/confirm.tsx";
import { notifyError, notifyRecord } from "../../../lib/toasts.ts";

/**
 * Deletes a row of an election setting once the Admin confirms: a refusal (in use, protected)
 * shows the server's message; the list is read again either way.
 */
export async function deleteAfterConfirm(text: string, remove: () => Promise<unknown>, refresh: () => void) {
  if (!(await confirmAction("delete", text))) return;
  try {
    await remove();
    notifyRecord("deleted");
  } catch (error) {
    if (isApiError(error)) notifyError(error.message);
    else notifyRecord("notDeleted");
  }
  refresh();
}

/** A row's Edit and Delete buttons, named after the row; `instead` replaces Delete (a protected row). */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
  instead,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  instead?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      {/* Never shrunk: in a narrow table column a shrinking button cuts its label ("Edi…"). */}
      <Button
        size="xs"
        variant="default"
        aria-label={t("elections:admin.editNamed", { name })}
        onClick={onEdit}
        style={{ flexShrink: 0 }}
      >
        {t("elections:admin.actions.edit")}
      </Button>
      {instead ?? (
        <Button
          size="xs"
          variant="light"
          color="red"
          aria-label={t("elections:admin.deleteNamed", { name })}
          onClick={onDelete}
          style={{ flexShrink: 0 }}
        >
          {t("elections:admin.actions.delete")}
        </Button>
      )}
    </Group>
  );
}
