import { Button, FileButton, Group, Image, Stack, Text } from "@mantine/core";
import type { GeneralSettingsPage } from "@portal/shared/schemas/general-settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { confirmAction } from "../../lib/confirm.tsx";
import { PUBLIC_CONFIG_QUERY_KEY } from "../../lib/public-config-query.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { GENERAL_PAGE_QUERY_KEY, removeLogo, uploadLogo } from "./settings-api.ts";

/** The logo: preview, upload (checked and re-encoded by the server), back to the default. */
export function LogoField({ identity }: { identity: GeneralSettingsPage["identity"] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (file: File | null) => (file ? uploadLogo(file) : removeLogo()),
    onSuccess: async () => {
      notifySuccess(t("settings:general.identity.logoSaved"));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: GENERAL_PAGE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_CONFIG_QUERY_KEY }),
      ]);
    },
  });

  async function backToDefault() {
    if (!(await confirmAction("delete", t("settings:general.identity.logoRemoveConfirm")))) return;
    mutation.mutate(null);
  }

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t("settings:general.identity.logo")}
      </Text>
      <Group gap="md" align="center">
        <Image src={identity.logoUrl} alt={t("settings:general.identity.logoAlt")} h={56} w="auto" fit="contain" />
        <Text size="sm" c="dimmed">
          {identity.customLogo ? t("settings:general.identity.logoCustom") : t("settings:general.identity.logoDefault")}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t("settings:general.identity.logoHint")}
      </Text>
      <Group gap="sm">
        <FileButton onChange={(file) => file && mutation.mutate(file)} accept="image/png,image/jpeg">
          {(props) => (
            <Button variant="light" loading={mutation.isPending} {...props}>
              {t("settings:general.identity.logoUpload")}
            </Button>
          )}
        </FileButton>
        {identity.customLogo ? (
          <Button variant="subtle" color="red" disabled={mutation.isPending} onClick={() => void backToDefault()}>
            {t("settings:general.identity.logoRemove")}
          </Button>
        ) : null}
      </Group>
      {mutation.isError ? <FormErrorAlert error={mutation.error} /> : null}
    </Stack>
  );
}
