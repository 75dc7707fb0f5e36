import { Badge, Button, Group, Paper, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { confirm } from "../../lib/confirm.tsx";
import { http } from "../../lib/http.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { USERS_QUERY_KEY } from "./users-api.ts";

/**
 * An account's two-step verification on its Admin page: whether it is set up, and the
 * reset for a lost phone (audited; the person sets it up again at the next sign-in).
 */
export function MfaResetPanel({ userId, name, enabled }: { userId: number; name: string; enabled: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: () => http.post<{ id: number }>(`/api/users/${userId}/mfa/reset`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      notifySuccess(t("users:mfa.resetDone"));
    },
  });
  async function onReset() {
    const sure = await confirm({
      title: t("users:mfa.resetTitle"),
      text: t("users:mfa.resetText", { name }),
      confirmLabel: t("users:mfa.reset"),
      danger: true,
    });
    if (sure) reset.mutate();
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="user-mfa-title">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={700} id="user-mfa-title">
            {t("common:labelColon", { label: t("users:mfa.title") })}
          </Text>
          <Badge variant="light" color={enabled ? "green" : "gray"}>
            {t(enabled ? "users:mfa.on" : "users:mfa.off")}
          </Badge>
        </Group>
        <Button variant="default" onClick={() => void onReset()} loading={reset.isPending}>
          {t("users:mfa.reset")}
        </Button>
      </Group>
      <FormErrorAlert error={reset.error} />
    </Paper>
  );
}
