import { NativeSelect } from "@mantine/core";
import { isLanguage, LANGUAGES } from "@portal/shared/languages";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "../../lib/language.ts";

const OPTIONS = LANGUAGES.map(({ code, label }) => ({ value: code, label }));

/** Header language choice (es/en/fr); a native select so it works the same with keyboard and screen reader. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  return (
    <NativeSelect
      aria-label={t("shell:language")}
      data={OPTIONS}
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
