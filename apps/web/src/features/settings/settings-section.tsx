import { Button, Group, Paper, Stack, Text, Title, type TitleOrder } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConflictAlert } from "../../components/ui/conflict-alert.tsx";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";

interface SettingsSectionProps {
  /** Prefix of the heading's id, which names the section for assistive technology. */
  id: string;
  title: string;
  titleOrder: TitleOrder;
  hint: string;
  /** Another Admin saved first: the section was reloaded with their values. */
  conflict: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** An error not shown under a field. */
  formError: unknown;
  saving: boolean;
  saveLabel: string;
  children: ReactNode;
  /** What follows the form inside the section (the logo has its own upload). */
  after?: ReactNode;
}

/** One version-guarded section of the general settings page: heading, hint, form and save button. */
export function SettingsSection(props: SettingsSectionProps) {
  const { t } = useTranslation();
  const titleId = `${props.id}-title`;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={props.titleOrder} size="h4" id={titleId}>
          {props.title}
        </Title>
        <Text size="sm" c="dimmed">
          {props.hint}
        </Text>
        {props.conflict ? <ConflictAlert message={t("settings:general.conflictReloaded")} /> : null}
        <form noValidate onSubmit={props.onSubmit}>
          <Stack gap="sm">
            {props.children}
            {props.formError ? <FormErrorAlert error={props.formError} /> : null}
            <Group justify="flex-end">
              <Button type="submit" loading={props.saving}>
                {props.saveLabel}
              </Button>
            </Group>
          </Stack>
        </form>
        {props.after}
      </Stack>
    </Paper>
  );
}
