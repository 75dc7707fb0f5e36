import { Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { LANGUAGES, type Language } from "@portal/shared/languages";
import { useTranslation } from "react-i18next";
import { MessageBody } from "./message-body.tsx";

export type TextMode = "same" | "perLanguage";
export interface DraftText {
  subject: string;
  body: string;
}
export interface Draft {
  mode: TextMode;
  same: DraftText;
  perLanguage: Record<Language, DraftText>;
}

export const languageName = (code: Language) => LANGUAGES.find((language) => language.code === code)?.name ?? code;

/** The text a reader of `code` gets from the draft. */
export const textOf = (draft: Draft, code: Language): DraftText =>
  draft.mode === "same" ? draft.same : draft.perLanguage[code];

/** The first language the audience reads whose text is empty, if any. */
export function emptyLanguage(draft: Draft, languages: readonly Language[]): Language | null {
  return languages.find((code) => !textOf(draft, code).subject.trim() || !textOf(draft, code).body.trim()) ?? null;
}

function TextFields({
  value,
  onChange,
  language,
}: {
  value: DraftText;
  onChange: (next: DraftText) => void;
  language?: Language;
}) {
  const { t } = useTranslation();
  const suffix = language ? ` (${languageName(language)})` : "";
  return (
    <Stack gap="xs" lang={language}>
      <TextInput
        label={`${t("messages:compose.subject")}${suffix}`}
        value={value.subject}
        maxLength={200}
        onChange={(event) => onChange({ ...value, subject: event.currentTarget.value })}
      />
      <Textarea
        label={`${t("messages:compose.body")}${suffix}`}
        description={t("messages:compose.bodyHint")}
        autosize
        minRows={6}
        value={value.body}
        onChange={(event) => onChange({ ...value, body: event.currentTarget.value })}
      />
    </Stack>
  );
}

/**
 * The message's words: one text for every language, or one per language the audience reads, and a
 * preview in each of those languages (docs/rules/messages.md "Words").
 */
export function MessageTextsFields({
  draft,
  languages,
  onChange,
}: {
  draft: Draft;
  /** The languages the audience's addresses read (every language while unknown). */
  languages: readonly Language[];
  onChange: (next: Draft) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t("messages:compose.mode")}
        value={draft.mode}
        onChange={(mode) => onChange({ ...draft, mode: mode as TextMode })}
        data={[
          { value: "same", label: t("messages:compose.modeSame") },
          { value: "perLanguage", label: t("messages:compose.modePerLanguage") },
        ]}
      />
      {draft.mode === "same" ? (
        <TextFields value={draft.same} onChange={(same) => onChange({ ...draft, same })} />
      ) : (
        languages.map((code) => (
          <Paper key={code} withBorder p="sm" component="fieldset">
            <Text component="legend" fw={600} px={4}>
              {languageName(code)}
            </Text>
            <TextFields
              language={code}
              value={draft.perLanguage[code]}
              onChange={(text) => onChange({ ...draft, perLanguage: { ...draft.perLanguage, [code]: text } })}
            />
          </Paper>
        ))
      )}
      <Title order={2} size="h4">
        {t("messages:compose.previews")}
      </Title>
      {languages.map((code) => {
        const text = textOf(draft, code);
        return (
          <Paper
            key={code}
            withBorder
            p="sm"
            bg="gray.0"
            component="section"
            aria-label={t("messages:compose.preview", { language: languageName(code) })}
          >
            <Text size="xs" c="dimmed">
              {t("messages:compose.preview", { language: languageName(code) })}
            </Text>
            {text.subject ? (
              <Text fw={700} lang={code}>
                {text.subject}
              </Text>
            ) : (
              <Text c="dimmed">{t("messages:compose.noSubject")}</Text>
            )}
            {text.body ? (
              <MessageBody body={text.body} lang={code} />
            ) : (
              <Text c="dimmed">{t("messages:compose.noBody")}</Text>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
