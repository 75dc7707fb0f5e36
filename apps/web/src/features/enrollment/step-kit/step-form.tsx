import { Alert, Button, Group, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../../components/ui/form-error-alert.tsx";
import type { StepFormState } from "./use-step-form.ts";

/**
 * The frame of every step's form: title, the fields (disabled as a whole for a sent file), the
 * "complete all required fields" and server alerts, and "Save and next".
 */
export function StepForm({
  title,
  state,
  busy = false,
  children,
}: {
  title: string;
  state: StepFormState;
  /** Something is still uploading: saving now would miss it. */
  busy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={state.onSubmit}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          {title}
        </Title>
        {state.readOnly ? (
          <Alert color="blue" title={t("enrollment:readOnly.title")}>
            {t("enrollment:readOnly.body")}
          </Alert>
        ) : null}
        {/* A disabled fieldset disables every input inside it, including ones added later. */}
        <fieldset disabled={state.readOnly} className="portal-plain-fieldset">
          <Stack gap="lg">{children}</Stack>
        </fieldset>
        {state.incomplete ? (
          <Alert color="red" role="alert" title={t("errors:title")}>
            {t("validation:completeRequired")}
          </Alert>
        ) : null}
        <FormErrorAlert error={state.formError} />
        <Group justify="flex-end">
          <Button type="submit" loading={state.saving} disabled={busy}>
            {state.readOnly ? t("enrollment:actions.next") : t("enrollment:actions.saveAndNext")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One titled block of a step's form. */
export function StepSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
