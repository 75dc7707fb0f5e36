import { zodResolver } from "@hookform/resolvers/zod";
import { Fieldset, SimpleGrid, Textarea } from "@mantine/core";
import { NOTICE_KINDS } from "@portal/shared/rules/year-settings";
import { type GeneralSettingsPage, noticesInputSchema } from "@portal/shared/schemas/general-settings";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { noticeDefault } from "../../lib/year-notices.ts";
import { saveNotices } from "./settings-api.ts";
import { SettingsSection } from "./settings-section.tsx";
import { useSectionSave } from "./use-section-save.ts";

const LANGS = ["es", "en", "fr"] as const;

/** The notices families see, per language; an empty text shows the portal's own (as placeholder). */
export function NoticesSection({ page }: { page: GeneralSettingsPage }) {
  const { t, i18n } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({ resolver: zodResolver(noticesInputSchema), defaultValues: page.notices });
  const { errors } = form.formState;
  const yearId = page.schoolYear.id;

  useEffect(() => {
    form.reset(page.notices);
  }, [page.notices, form]);

  const { mutation, conflict } = useSectionSave(
    (input: typeof page.notices) => saveNotices(yearId, input),
    (error) => setFormError(error),
  );

  return (
    <SettingsSection
      id="notices"
      title={t("settings:general.notices.title")}
      titleOrder={3}
      hint={t("settings:general.notices.hint")}
      conflict={conflict}
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        mutation.mutate(values);
      })}
      formError={formError}
      saving={mutation.isPending}
      saveLabel={t("settings:general.notices.save")}
    >
      {NOTICE_KINDS.map((kind) => (
        <Fieldset key={kind} legend={t(`settings:general.notices.${kind}`)}>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {LANGS.map((lang) => (
              <Textarea
                key={lang}
                lang={lang}
                autosize
                minRows={2}
                label={t("settings:general.notices.field", {
                  notice: t(`settings:general.notices.${kind}`),
                  language: t(`settings:general.notices.language.${lang}`),
                })}
                placeholder={noticeDefault(kind, i18n.getFixedT(lang), page.constants)}
                {...form.register(`${kind}.${lang}`)}
                error={errorText(errors[kind]?.[lang]?.message)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
    </SettingsSection>
  );
}
