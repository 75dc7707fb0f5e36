import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Anchor.layer.css";
import "@mantine/core/styles/Group.layer.css";
import "@mantine/core/styles/Combobox.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Input.layer.css";
import { Anchor, Group, NativeSelect, TextInput } from "@mantine/core";
import type { LoginInput } from "@portal/shared/schemas/auth";
import type { SchoolYear } from "@portal/shared/schemas/responses";
import { memo, Suspense } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { lazyScreen } from "../../../app/lazy-screen.ts";
import { PageLoader } from "../../../components/ui/page-loader.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { REQUIRED_FIELD } from "../../../components/ui/required-field.ts";
import { useValidationText } from "../../../lib/use-validation-text.ts";

/** Shown only after repeated failures (issue #12): its proof-of-work code loads then. */
const CaptchaField = lazyScreen(async () => (await import("./captcha-field.tsx")).CaptchaField);

interface LoginFieldsProps {
  form: UseFormReturn<LoginInput>;
  schoolYears: readonly SchoolYear[];
  schoolYearsFailed: boolean;
  captchaNeeded: boolean;
  /** The fields' validation messages (keys or server texts), as react-hook-form holds them. */
  schoolYearError: string | undefined;
  emailError: string | undefined;
  passwordError: string | undefined;
  captchaError: string | undefined;
}

/**
 * The login form's fields and its "forgot password" link. react-hook-form renders the form once
 * more as it mounts (its `isReady`, set in a layout effect) and at each change of the form's state
 * (submitting, submitted): memoized on props that hold what the fields show — the form's object is
 * the same at every render, the messages are strings — the fields skip those renders unless a
 * message changed. With Mantine's inputs' own second render (src/lib/mantine-use-id.ts), that pass
 * was 71 of the login screen's 260 first renders (issue #13).
 */
export const LoginFields = memo(function LoginFields({
  form,
  schoolYears,
  schoolYearsFailed,
  captchaNeeded,
  schoolYearError,
  emailError,
  passwordError,
  captchaError,
}: LoginFieldsProps) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  return (
    <>
      <Controller
        control={form.control}
        name="schoolYearId"
        render={({ field }) => (
          <NativeSelect
            label={t("auth:login.schoolYear")}
            {...REQUIRED_FIELD}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={field.value ? String(field.value) : ""}
            onChange={(event) => {
              const id = Number(event.currentTarget.value);
              field.onChange(Number.isInteger(id) && id > 0 ? id : undefined);
            }}
            data={[
              { value: "", label: t("auth:login.schoolYearPlaceholder") },
              ...schoolYears.map((year) => ({ value: String(year.id), label: year.label })),
            ]}
            error={errorText(schoolYearError) ?? (schoolYearsFailed ? t("auth:login.schoolYearsError") : undefined)}
          />
        )}
      />
      <TextInput
        label={t("auth:login.email")}
        type="email"
        autoComplete="username"
        {...REQUIRED_FIELD}
        {...form.register("email")}
        error={errorText(emailError)}
      />
      <PasswordField
        label={t("auth:login.password")}
        autoComplete="current-password"
        {...REQUIRED_FIELD}
        {...form.register("password")}
        error={errorText(passwordError)}
      />
      {captchaNeeded ? (
        <Controller
          control={form.control}
          name="captcha"
          render={({ field }) => (
            <Suspense fallback={<PageLoader />}>
              <CaptchaField value={field.value ?? ""} onChange={field.onChange} error={errorText(captchaError)} />
            </Suspense>
          )}
        />
      ) : null}
      <Group justify="flex-end">
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t("auth:login.forgotPassword")}
        </Anchor>
      </Group>
    </>
  );
});
