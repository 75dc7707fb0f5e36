import { Anchor, Group, NativeSelect, TextInput } from "@mantine/core";
import type { SchoolYear } from "@portal/shared/schemas/responses";
import { memo, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { lazyScreen } from "../../../app/lazy-screen.ts";
import { PageLoader } from "../../../components/ui/page-loader.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { REQUIRED_FIELD } from "../../../components/ui/required-field.ts";
import { useValidationText } from "../../../lib/use-validation-text.ts";

/** Shown only after repeated failures: its proof-of-work code loads then. */
const CaptchaField = lazyScreen(async () => (await import("./captcha-field.tsx")).CaptchaField);

interface LoginFieldsProps {
  schoolYears: readonly SchoolYear[];
  /** The year selected as the form starts (the current one). */
  initialSchoolYearId: number | undefined;
  schoolYearsFailed: boolean;
  captchaNeeded: boolean;
  captcha: string;
  onCaptchaChange: (value: string) => void;
  /** The fields' validation messages (keys or server texts). */
  schoolYearError: string | undefined;
  emailError: string | undefined;
  passwordError: string | undefined;
  captchaError: string | undefined;
}

/**
 * The login form's fields and its "forgot password" link. The inputs are uncontrolled: the form
 * reads them at submit (../login-form-state.ts), so typing renders nothing. Memoized on props that
 * hold what the fields show (the messages are strings), so the form's own renders (the button's
 * pending state) skip the fields: with Mantine's inputs, fewer renders of the first screen.
 */
export const LoginFields = memo(function LoginFields({
  schoolYears,
  initialSchoolYearId,
  schoolYearsFailed,
  captchaNeeded,
  captcha,
  onCaptchaChange,
  schoolYearError,
  emailError,
  passwordError,
  captchaError,
}: LoginFieldsProps) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  return (
    <>
      <NativeSelect
        label={t("auth:login.schoolYear")}
        {...REQUIRED_FIELD}
        name="schoolYearId"
        defaultValue={initialSchoolYearId ? String(initialSchoolYearId) : ""}
        data={[
          { value: "", label: t("auth:login.schoolYearPlaceholder") },
          ...schoolYears.map((year) => ({ value: String(year.id), label: year.label })),
        ]}
        error={errorText(schoolYearError) ?? (schoolYearsFailed ? t("auth:login.schoolYearsError") : undefined)}
      />
      <TextInput
        label={t("auth:login.email")}
        type="email"
        autoComplete="username"
        {...REQUIRED_FIELD}
        name="email"
        error={errorText(emailError)}
      />
      <PasswordField
        label={t("auth:login.password")}
        autoComplete="current-password"
        {...REQUIRED_FIELD}
        name="password"
        error={errorText(passwordError)}
      />
      {captchaNeeded ? (
        <Suspense fallback={<PageLoader />}>
          <CaptchaField value={captcha} onChange={onCaptchaChange} error={errorText(captchaError)} />
        </Suspense>
      ) : null}
      <Group justify="flex-end">
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t("auth:login.forgotPassword")}
        </Anchor>
      </Group>
    </>
  );
});
