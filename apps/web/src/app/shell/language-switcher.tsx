import { NativeSelect } from "@mantine/core";
import { isLanguage } from "@portal/shared/languages";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "../../lib/language.ts";
import { LANGUAGE_OPTIONS } from "../../lib/language-options.ts";

/** Header language choice (es/en/fr); a native select so it works the same with keyboard and screen reader. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  return (
    <NativeSelect
      aria-label={t("shell:language")}
      data={LANGUAGE_OPTIONS}
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) changeLanguage(next);
      }}
      size="xs"
      w={110}
    />
  );
}
