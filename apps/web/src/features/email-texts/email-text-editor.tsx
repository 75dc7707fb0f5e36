import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { EMAIL_TEXT_FIELDS } from "@portal/shared/email-texts";
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, type EmailTextAdmin } from "@portal/shared/schemas/email-texts";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { hasErrorCode, isApiError } from "../../lib/api-error.ts";
import { confirm } from "../../lib/confirm.tsx";
import { resetEmailText, saveEmailText, useEmailTextPreview } from "./email-texts-api.ts";

const PREVIEW_DELAY_MS = 400;

const fieldErrorOf = (error: unknown, field: string) => (isApiError(error) ? error.fields[field] : undefined);

/**
 * One e-mail in one language: its subject and body with the fields it may use, the server's
 * preview with sample data as the Admin types (a field the e-mail cannot fill shows under the
 * subject or body at once), save at the version read, and reset to the portal's text after a
 * confirmation. Mounted again (by key) for each e-mail, language and saved version.
 */
export function EmailTextEditor({
  item,
  name,
  onSaved,
  onConflict,
}: {
  item: EmailTextAdmin;
  /** The e-mail's name and the language, for the reset's confirmation. */
  name: { email: string; language: string };
  onSaved: () => void;
  onConflict: () => void;
}) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState(item.subject);
  const [body, setBody] = useState(item.body);
  const [draft] = useDebouncedValue({ subject, body }, PREVIEW_DELAY_MS);
  const preview = useEmailTextPreview(item.id, item.language, draft);
  const fields = EMAIL_TEXT_FIELDS[item.id];

  const onError = (error: unknown) => {
    if (hasErrorCode(error, "VERSION_CONFLICT")) onConflict();
  };
  const save = useMutation({
    mutationFn: () => saveEmailText(item.id, item.language, { subject, body, expectedVersion: item.version }),
    onSuccess: onSaved,
    onError,
  });
  const reset = useMutation({
    mutationFn: () => resetEmailText(item.id, item.language, item.version),
    onSuccess: onSaved,
    onError,
  });

  async function askReset() {
    const confirmed = await confirm({
      title: t("common:confirm.updateTitle"),
      text: t("emailTexts:resetConfirm", name),
    });
    if (confirmed) reset.mutate();
  }

  // The save's refusal first; while typing, the preview's says the same about the current text.
  const problem = save.error ?? (preview.isError ? preview.error : null);
  const subjectError = fieldErrorOf(problem, "subject");
  const bodyError = fieldErrorOf(problem, "body");

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <TextInput
            {...REQUIRED_FIELD}
            label={t("emailTexts:subject")}
            value={subject}
            onChange={(event) => {
              setSubject(event.currentTarget.value);
              save.reset();
            }}
            maxLength={EMAIL_SUBJECT_MAX}
            error={subjectError}
            // Placeholders are this text's content (the e2e screen sweep reads past them).
            data-template-text
          />
          <Textarea
            {...REQUIRED_FIELD}
            label={t("emailTexts:body")}
            description={t("emailTexts:bodyHint")}
            value={body}
            onChange={(event) => {
              setBody(event.currentTarget.value);
              save.reset();
            }}
            maxLength={EMAIL_BODY_MAX}
            autosize
            minRows={10}
            maxRows={24}
            error={bodyError}
            data-template-text
          />
          <section aria-labelledby={`fields-${item.id}-${item.language}`}>
            <Title order={3} size="h5" id={`fields-${item.id}-${item.language}`}>
              {t("emailTexts:fieldsTitle")}
            </Title>
            <Stack gap={2} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} data-template-text>
              {fields.map((field) => (
                <Text component="li" size="sm" key={field.name}>
                  <Text component="code" size="sm" ff="monospace">{`{{${field.name}}}`}</Text>
                  {` – ${t(`emailTexts:fields.${field.name}`)}`}
                  {field.required ? ` (${t("emailTexts:required")})` : ""}
                  {field.block ? ` (${t("emailTexts:bodyOnly")})` : ""}
                </Text>
              ))}
            </Stack>
          </section>
          <FormErrorAlert
            error={isApiError(save.error) && Object.keys(save.error.fields).length > 0 ? null : save.error}
          />
          <FormErrorAlert error={reset.error} />
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} disabled={reset.isPending}>
              {t("emailTexts:save")}
            </Button>
            {item.customized ? (
              <Button variant="default" onClick={() => void askReset()} loading={reset.isPending}>
                {t("emailTexts:reset")}
              </Button>
            ) : null}
          </Group>
        </Stack>
        <Paper withBorder p="md" component="section" aria-label={t("emailTexts:preview")}>
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t("emailTexts:preview")}
            </Title>
            {preview.isError && !subjectError && !bodyError ? (
              <Text size="sm" c="red" role="alert">
                {t("emailTexts:previewFailed", { message: preview.error.message })}
              </Text>
            ) : null}
            {preview.data ? (
              <>
                <Text fw={600} data-testid="email-preview-subject">
                  {t("emailTexts:previewSubject", { subject: preview.data.subject })}
                </Text>
                <Text size="sm" style={{ whiteSpace: "pre-wrap" }} data-testid="email-preview-text">
                  {preview.data.text}
                </Text>
              </>
            ) : null}
          </Stack>
        </Paper>
      </SimpleGrid>
    </form>
  );
}
