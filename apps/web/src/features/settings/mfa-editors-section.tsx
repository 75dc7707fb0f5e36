import { Paper, Switch } from "@mantine/core";
import { type MfaSettings, mfaSettingsSchema } from "@portal/shared/schemas/mfa";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { http } from "../../lib/http.ts";
import { notifyRecord } from "../../lib/toasts.ts";

const MFA_SETTINGS_QUERY_KEY = ["settings", "mfa"] as const;

/**
 * Whether Editors must use two-step verification too; Admin, Secretaria and Consulta
 * always do. A toggle saved at once, like maintenance; it applies from each Editor's next sign-in.
 */
export function MfaEditorsSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: MFA_SETTINGS_QUERY_KEY,
    queryFn: async (): Promise<MfaSettings> => mfaSettingsSchema.parse(await http.get("/api/settings/mfa")),
  });
  const mutation = useMutation({
    mutationFn: async (input: MfaSettings) => mfaSettingsSchema.parse(await http.put("/api/settings/mfa", input)),
    onSuccess: (saved) => {
      queryClient.setQueryData(MFA_SETTINGS_QUERY_KEY, saved);
      notifyRecord("updated");
    },
    onError: () => notifyRecord("notUpdated"),
  });
  return (
    <Paper withBorder p="lg">
      {settings.data ? (
        <Switch
          size="md"
          label={t("settings:general.mfaEditors.label")}
          description={t("settings:general.mfaEditors.description")}
          checked={mutation.isPending ? (mutation.variables?.editorsRequired ?? false) : settings.data.editorsRequired}
          disabled={mutation.isPending}
          onChange={(event) => mutation.mutate({ editorsRequired: event.currentTarget.checked })}
        />
      ) : settings.isError ? (
        <FormErrorAlert error={settings.error} />
      ) : (
        <PageLoader />
      )}
    </Paper>
  );
}
