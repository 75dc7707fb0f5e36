import { Alert, Button, Group, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../../components/ui/form-error-alert.tsx";
import { hasErrorCode } from "../../../lib/api-error.ts";
import { StepDraftRestored, StepDraftStatus, StepSavedBy } from "./step-draft-notice.tsx";
import { StepTitle } from "./step-title.tsx";
import type { StepFormState } from "./use-step-form.ts";

/**
 * The frame of every step's form: title, the fields (disabled as a whole when read-only, with the
 * host's notice saying why), the "complete all required fields" and server alerts, and the
 * submit button ("Save and next" in the wizard, "Save" on a staff page; "Next" or nothing when
 * read-only).
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
        <StepTitle>{title}</StepTitle>
        {state.savedBy ? <StepSavedBy savedBy={state.savedBy} /> : null}
        {state.notice ? (
          <Alert color="blue" title={t(state.notice.title)}>
            {t(state.notice.body, state.notice.values)}
          </Alert>
        ) : null}
        {state.draft ? <StepDraftRestored draft={state.draft} /> : null}
        {/* A disabled fieldset disables every input inside it, including ones added later. */}
        <fieldset disabled={state.readOnly} className="portal-plain-fieldset">
          <Stack gap="lg">{children}</Stack>
        </fieldset>
        {state.incomplete ? (
          <Alert color="red" role="alert" title={t("errors:title")}>
            {t("validation:completeRequired")}
          </Alert>
        ) : null}
        <FormErrorAlert error={state.formError}>
          {state.reload && hasErrorCode(state.formError, "VERSION_CONFLICT") ? (
            <Group mt="sm">
              <Button variant="default" size="xs" onClick={state.reload}>
                {t("enrollment:actions.reload")}
              </Button>
            </Group>
          ) : null}
        </FormErrorAlert>
        {state.readOnly && state.nextPath === null ? null : (
          <Group justify="flex-end">
            {state.draft ? <StepDraftStatus draft={state.draft} /> : null}
            <Button type="submit" loading={state.saving} disabled={busy}>
              {state.readOnly ? t("enrollment:actions.next") : t(state.submitLabel)}
            </Button>
          </Group>
        )}
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
