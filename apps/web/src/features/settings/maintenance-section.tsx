import { Paper, Switch } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { confirmAction } from "../../lib/confirm.tsx";
import { PUBLIC_CONFIG_QUERY_KEY } from "../../lib/public-config-query.ts";
import { SESSION_QUERY_KEY } from "../../lib/session-query.ts";
import { notifyRecord } from "../../lib/toasts.ts";
import { GENERAL_SETTINGS_QUERY_KEY, saveGeneralSettings, useGeneralSettings } from "./settings-api.ts";

/** The maintenance-mode switch: a toggle saved at once (turning it on is confirmed first). */
export function MaintenanceSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useGeneralSettings();

  const mutation = useMutation({
    mutationFn: saveGeneralSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(GENERAL_SETTINGS_QUERY_KEY, saved);
      // The session and public config carry the maintenance flag the guards and banner read.
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PUBLIC_CONFIG_QUERY_KEY });
      notifyRecord("updated");
    },
    onError: () => notifyRecord("notUpdated"),
  });

  async function toggleMaintenance(on: boolean) {
    // Turning it on locks families and staff out, so it is confirmed first; turning it off is safe.
    if (on && !(await confirmAction("update", t("settings:general.maintenance.confirmOn")))) return;
    mutation.mutate({ maintenanceMode: on });
  }

  return (
    <Paper withBorder p="lg">
      {settings.data ? (
        <Switch
          size="md"
          label={t("settings:general.maintenance.label")}
          description={t("settings:general.maintenance.description")}
          checked={mutation.isPending ? (mutation.variables?.maintenanceMode ?? false) : settings.data.maintenanceMode}
          disabled={mutation.isPending}
          onChange={(event) => void toggleMaintenance(event.currentTarget.checked)}
        />
      ) : settings.isError ? (
        <FormErrorAlert error={settings.error} />
      ) : (
        <PageLoader />
      )}
    </Paper>
  );
}
