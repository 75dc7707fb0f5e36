import { Alert, Stack, Text, Title } from "@mantine/core";
import type { StatusTextAdmin } from "@portal/shared/schemas/status-texts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { confirm } from "../../lib/confirm.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { STATUS_TEXTS_QUERY_KEY, useStatusLabel } from "../../lib/status-texts.ts";
import { notifyRecord } from "../../lib/toasts.ts";
import { StatusTextCard } from "./status-text-card.tsx";
import { StatusTextDialog } from "./status-text-dialog.tsx";
import { resetStatusText, STATUS_TEXTS_ADMIN_QUERY_KEY, useStatusTextsForAdmin } from "./status-texts-api.ts";

/**
 * Settings › Request statuses (Admin only): each status's name in es/en/fr and the
 * explanation the family reads on its card, edited at the version read (a 409 reloads the page
 * and says so), reset to the portal's texts; the transitions shown read-only from the workflow table.
 */
export function StatusTextsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useStatusTextsForAdmin();
  const statusLabel = useStatusLabel();
  const [editing, setEditing] = useState<StatusTextAdmin | null>(null);
  const [conflict, setConflict] = useState(false);

  const afterSave = () => {
    setConflict(false);
    void queryClient.invalidateQueries({ queryKey: STATUS_TEXTS_ADMIN_QUERY_KEY });
    // Every badge, filter and card reads the public texts: refresh them now.
    void queryClient.invalidateQueries({ queryKey: STATUS_TEXTS_QUERY_KEY });
    notifyRecord("updated");
  };
  const reloadAfterConflict = () => {
    setEditing(null);
    setConflict(true);
    void queryClient.invalidateQueries({ queryKey: STATUS_TEXTS_ADMIN_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: STATUS_TEXTS_QUERY_KEY });
  };

  const reset = useMutation({
    mutationFn: (item: StatusTextAdmin) => resetStatusText(item.status, item.version),
    onSuccess: afterSave,
    onError: (error) => {
      if (hasErrorCode(error, "VERSION_CONFLICT")) reloadAfterConflict();
      else notifyRecord("notUpdated");
    },
  });

  const labelIn = (item: StatusTextAdmin) =>
    i18n.language === "en" ? item.labelEn : i18n.language === "fr" ? item.labelFr : item.labelEs;

  async function askReset(item: StatusTextAdmin) {
    const confirmed = await confirm({
      title: t("common:confirm.updateTitle"),
      text: t("statusTexts:resetConfirm", { status: labelIn(item) }),
    });
    if (confirmed) reset.mutate(item);
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("settings.requestStatus"))}
      </Title>
      <Text>{t("statusTexts:intro")}</Text>
      {conflict ? (
        <Alert color="orange" role="alert" withCloseButton onClose={() => setConflict(false)}>
          {t("statusTexts:conflict")}
        </Alert>
      ) : null}
      {list.data ? (
        list.data.items.map((item) => (
          <StatusTextCard
            key={item.status}
            item={item}
            label={labelIn(item)}
            statusLabel={statusLabel}
            onEdit={() => setEditing(item)}
            onReset={() => void askReset(item)}
            busy={reset.isPending && reset.variables?.status === item.status}
          />
        ))
      ) : list.isError ? (
        <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <PageLoader />
      )}
      <StatusTextDialog
        item={editing}
        title={editing ? t("statusTexts:editTitle", { status: labelIn(editing) }) : ""}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          afterSave();
        }}
        onConflict={reloadAfterConflict}
      />
    </Stack>
  );
}
