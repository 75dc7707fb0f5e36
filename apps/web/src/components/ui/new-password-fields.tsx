import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PasswordField } from "./password-field.tsx";
import { REQUIRED_FIELD } from "./required-field.ts";

interface Props {
  labels: { password: string; confirmation: string };
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string; confirmation?: string };
}

/**
 * A new password entered twice (register, reset, change password): the same hint, the
 * `new-password` autocomplete that lets password managers offer one, and both fields required.
 */
export function NewPasswordFields({ labels, password, confirmation, errors }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={labels.password}
        description={t("auth:common.passwordHint")}
        autoComplete="new-password"
        {...REQUIRED_FIELD}
        {...password}
        error={errors.password}
      />
      <PasswordField
        label={labels.confirmation}
        autoComplete="new-password"
        {...REQUIRED_FIELD}
        {...confirmation}
        error={errors.confirmation}
      />
    </>
  );
}
