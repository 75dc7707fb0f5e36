import { LANGUAGES } from "@portal/shared/languages";

/** The three languages as select options (header switcher, register and account forms). */
export const LANGUAGE_OPTIONS = LANGUAGES.map(({ code, label }) => ({ value: code, label }));
