import { NativeSelect } from "@mantine/core";
import { isLanguage } from "@portal/shared/languages";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "../../lib/language.ts";
import { LANGUAGE_OPTIONS } from "../../lib/language-options.ts";

/**
 * Keys with which a closed native select changes its value at once (Chrome, Firefox): the arrows,
 * Home/End/Page keys and type-ahead letters. Space and Alt+Down still open the list, where the
 * arrows only move until Enter.
 */
export function changesWithoutOpening(event: KeyboardEvent<HTMLSelectElement>): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  if (/^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down))$/.test(event.key)) return true;
  return event.key.length === 1 && event.key !== " ";
}

/**
 * Header language choice (es/en/fr); a native select so it works the same with keyboard and screen
 * reader. Changing the language reloads every text and saves it to the account, so it happens only
 * on an explicit choice from the opened list, never on a stray arrow key (WCAG 3.2.2).
 */
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
      onKeyDown={(event) => {
        if (changesWithoutOpening(event)) event.preventDefault();
      }}
      size="xs"
      w={110}
    />
  );
}
