import { Checkbox, Paper, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { CONSENT_TEXT_VERSION } from "@portal/shared/consents";
import type { YearConstants } from "@portal/shared/rules/year-settings";
import type { TermsTexts } from "@portal/shared/schemas/school-documents";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DocumentBlocks } from "../../components/ui/document-blocks.tsx";
import { RequiredMark } from "../../components/ui/required-mark.tsx";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { constantValues } from "../../lib/year-notices.ts";
import { StepSection } from "./step-kit/step-form.tsx";
import { TERMS, type TermKey, type TermsValues } from "./terms-form.ts";

/** The paragraphs of a text (`enrollment:terms.<term>.body`, an object p1, p2… in order). */
function useParagraphs(term: TermKey, constants: YearConstants): [key: string, text: string][] {
  const { t } = useTranslation();
  const body: unknown = t(`enrollment:terms.${term}.body`, { returnObjects: true, ...constantValues(constants) });
  return body && typeof body === "object" ? Object.entries(body as Record<string, string>) : [];
}

/** The school's texts of the terms step (Settings › Documents), filled for the file. */
export type SchoolTexts = TermsTexts["items"];

function TermText({
  form,
  term,
  constants,
  readOnly,
  school,
}: {
  form: UseFormReturn<TermsValues>;
  term: TermKey;
  constants: YearConstants;
  readOnly: boolean;
  school: SchoolTexts[number] | undefined;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const paragraphs = useParagraphs(term, constants);
  const titleId = `terms-${term}-title`;
  const errorId = `terms-${term}-error`;
  const error = errorText(form.formState.errors[term]?.message);
  // The school's version of the text when there is one, else the portal's wording.
  const texts = school ? (
    <DocumentBlocks blocks={school.blocks} headingOrder={4} />
  ) : (
    paragraphs.map(([key, paragraph]) => (
      <Text key={key} size="sm">
        {paragraph}
      </Text>
    ))
  );
  const title = school?.title || t(`enrollment:terms.${term}.title`);
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          {title}
        </Title>
        {readOnly ? (
          // Shown as sent (a sent file, a staff page): in full. A scroll box inside the disabled
          // fieldset could not take the keyboard focus, so it could not be scrolled without a mouse.
          <Stack gap="xs">{texts}</Stack>
        ) : (
          // To accept: the text scrolls in its box, a region the keyboard can focus and scroll.
          <ScrollArea.Autosize
            mah={260}
            type="auto"
            offsetScrollbars
            viewportProps={{
              tabIndex: 0,
              role: "region",
              "aria-label": title,
            }}
          >
            <Stack gap="xs" pr="xs">
              {texts}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {/* Mantine's checkbox neither marks itself invalid nor links its message. */}
        <Checkbox
          required
          label={
            <>
              {t(`enrollment:terms.${term}.accept`)}
              <RequiredMark />
            </>
          }
          {...form.register(term)}
          error={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <Text id={errorId} c="red" size="sm">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The fields of step 4 (spec 3 Terms): the three texts shown in full, with the version of their
 * wording, and a checkbox for each; all three must be accepted (spec 5). The server records who
 * accepted which version, and when. The contract summary quotes the file's school year's discount
 * and signing time (Settings › General), for the family and the staff alike.
 */
export function TermsFields({
  form,
  constants,
  readOnly,
  school,
}: {
  form: UseFormReturn<TermsValues>;
  constants: YearConstants;
  /** The step cannot be changed here: the texts show in full, without a scroll box. */
  readOnly: boolean;
  /** The school's texts; absent: the portal's wording. */
  school?: SchoolTexts;
}) {
  const { t } = useTranslation();
  return (
    <StepSection id="terms-texts" title={t("enrollment:terms.sectionTitle")}>
      <Text size="sm">{t("enrollment:terms.intro")}</Text>
      <Text size="sm" c="dimmed" data-testid="terms-version">
        {t("enrollment:terms.version", { version: CONSENT_TEXT_VERSION })}
      </Text>
      {TERMS.map((term) => (
        <TermText
          key={term}
          form={form}
          term={term}
          constants={constants}
          readOnly={readOnly}
          school={school?.find((entry) => entry.key === term)}
        />
      ))}
    </StepSection>
  );
}
