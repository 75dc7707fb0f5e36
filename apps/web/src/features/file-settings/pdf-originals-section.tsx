import { Paper, Stack, Switch, Text, Title } from "@mantine/core";
import type { AdminFileSettings } from "@portal/shared/schemas/file-settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { confirm } from "../../lib/confirm.tsx";
import { notifyRecord } from "../../lib/toasts.ts";
import { FILE_SETTINGS_QUERY_KEY, saveKeepPdfOriginals } from "./file-settings-api.ts";

/**
 * Whether uploaded PDFs are also kept as sent: a switch saved at once. Turning it on is
 * confirmed, since originals may hold scripts; turning it off is always safe.
 */
export function PdfOriginalsSection({ settings }: { settings: AdminFileSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: saveKeepPdfOriginals,
    onSuccess: (saved) => {
      queryClient.setQueryData(FILE_SETTINGS_QUERY_KEY, saved);
      notifyRecord("updated");
    },
    onError: () => notifyRecord("notUpdated"),
  });

  async function toggle(on: boolean) {
    const confirmed =
      !on ||
      (await confirm({
        title: t("common:confirm.updateTitle"),
        text: t("fileSettings:pdfOriginals.confirmOn"),
        confirmLabel: t("fileSettings:pdfOriginals.confirmYes"),
        cancelLabel: t("common:actions.keepAsIs"),
      }));
    if (!confirmed) return;
    mutation.mutate(on);
  }

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="pdf-originals-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="pdf-originals-title">
          {t("fileSettings:pdfOriginals.title")}
        </Title>
        <Text size="sm">{t("fileSettings:pdfOriginals.description")}</Text>
        <Switch
          size="md"
          label={t("fileSettings:pdfOriginals.label")}
          description={t("fileSettings:pdfOriginals.hint")}
          checked={mutation.isPending ? (mutation.variables ?? false) : settings.keepPdfOriginals}
          disabled={mutation.isPending}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}
