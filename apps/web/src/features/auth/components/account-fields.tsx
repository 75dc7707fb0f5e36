import { NativeSelect, TextInput } from "@mantine/core";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { NewPasswordFields } from "../../../components/ui/new-password-fields.tsx";
import { REQUIRED_FIELD } from "../../../components/ui/required-field.ts";
import { LANGUAGE_OPTIONS } from "../../../lib/language-options.ts";

export type AccountField =
  | "firstSurname"
  | "secondSurname"
  | "names"
  | "password"
  | "passwordConfirmation"
  | "phone"
  | "language";

interface Props {
  register: (name: AccountField) => UseFormRegisterReturn;
  errors: Partial<Record<AccountField | "email", string | undefined>>;
  /**
   * The e-mail field: typed by the visitor (the register screen), or an address the link proves
   * (an invitation), shown and not editable.
   */
  email: { register: UseFormRegisterReturn } | { fixed: string };
}

/** A new family account's fields, in the order of the register screen (spec 5). */
export function AccountFields({ register, errors, email }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t("auth:register.firstSurname")}
        autoComplete="family-name"
        {...REQUIRED_FIELD}
        {...register("firstSurname")}
        error={errors.firstSurname}
      />
      <TextInput label={t("auth:register.secondSurname")} {...register("secondSurname")} error={errors.secondSurname} />
      <TextInput
        label={t("auth:register.names")}
        description={t("auth:register.namesHint")}
        autoComplete="given-name"
        {...REQUIRED_FIELD}
        {...register("names")}
        error={errors.names}
      />
      {"fixed" in email ? (
        <TextInput
          label={t("auth:register.email")}
          description={t("auth:register.emailFixed")}
          type="email"
          autoComplete="email"
          value={email.fixed}
          readOnly
        />
      ) : (
        <TextInput
          label={t("auth:register.email")}
          type="email"
          autoComplete="email"
          {...REQUIRED_FIELD}
          {...email.register}
          error={errors.email}
        />
      )}
      <NewPasswordFields
        labels={{ password: t("auth:register.password"), confirmation: t("auth:register.passwordConfirmation") }}
        password={register("password")}
        confirmation={register("passwordConfirmation")}
        errors={{ password: errors.password, confirmation: errors.passwordConfirmation }}
      />
      <TextInput
        label={t("auth:register.phone")}
        description={t("auth:register.phoneHint")}
        type="tel"
        autoComplete="tel"
        {...REQUIRED_FIELD}
        {...register("phone")}
        error={errors.phone}
      />
      <NativeSelect
        label={t("auth:register.language")}
        {...REQUIRED_FIELD}
        data={LANGUAGE_OPTIONS}
        {...register("language")}
        error={errors.language}
      />
    </>
  );
}
