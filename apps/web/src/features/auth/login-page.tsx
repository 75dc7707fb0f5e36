import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import type { SchoolYear } from "@portal/shared/schemas/responses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { lazyScreen } from "../../app/lazy-screen.ts";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageForm } from "../../components/ui/page-form.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { applyLanguage } from "../../lib/language.ts";
import { findRoute, postLoginPath } from "../../lib/match-route.ts";
import { SESSION_QUERY_KEY, useSession } from "../../lib/session-query.ts";
import { login, useSchoolYears } from "./api/auth-api.ts";
import { LoginFields } from "./components/login-fields.tsx";
import { ResendActivation } from "./components/resend-activation.tsx";
import { useLoginForm } from "./login-form-state.ts";
import { usePostLoginTarget } from "./post-login-target.ts";

/** The second step's screens (QR code, recovery codes) load only when a sign-in needs them: the
 * login route's bundle stays within its budget (scripts/check-bundle.mjs). */
const MfaSignInStep = lazyScreen(async () => (await import("./mfa-sign-in-step.tsx")).MfaSignInStep);

function LoginForm({
  schoolYears,
  schoolYearsFailed,
}: {
  schoolYears: readonly SchoolYear[];
  schoolYearsFailed: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const setPostLoginTarget = usePostLoginTarget((state) => state.setTarget);
  const [notActivatedEmail, setNotActivatedEmail] = useState<string | null>(null);
  // After too many failures the server asks for the captcha instead of locking out.
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  // The failure to show above the button, when the server did not point at a field.
  const [formError, setFormError] = useState<unknown>(null);

  // Spec: the current school year is preselected (the API lists it first).
  const current = schoolYears.find((year) => year.isCurrent) ?? schoolYears[0];
  // Called after the check, by which time `mutation` below exists.
  const form = useLoginForm(({ captcha, ...values }) => mutation.mutate(captcha ? { ...values, captcha } : values));
  const { errors } = form;
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      // The second factor is next: the login page shows its step (MfaSignInStep).
      if (session.mfa) queryClient.setQueryData(SESSION_QUERY_KEY, session);
      if (!session.user) return;
      const from = (location.state as { from?: unknown } | null)?.from;
      // Set before the session: the login route's guard reads it as soon as the user appears.
      setPostLoginTarget(postLoginPath(from, session.user.role));
      applyLanguage(session.language, { remember: true });
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
    },
    onMutate: () => {
      setFormError(null);
      setNotActivatedEmail(null);
    },
    onError: (error, input) => {
      if (hasErrorCode(error, "ACCOUNT_NOT_ACTIVATED")) setNotActivatedEmail(input.email);
      // A solved captcha is accepted once: every answer asks for a new one.
      form.clearCaptcha();
      if (hasErrorCode(error, "CAPTCHA_REQUIRED") || hasErrorCode(error, "CAPTCHA_INVALID")) setCaptchaNeeded(true);
      const onFields = applyServerFieldErrors(error, form.setError, ["schoolYearId", "email", "password", "captcha"]);
      setFormError(onFields ? null : error);
    },
  });

  // The schema's chunk is fetched when the form is first focused, not as the page loads: compiling
  // it then was a long task inside Lighthouse's window for a form not yet touched.
  return (
    // POST, should the form be sent before its script runs: a password never goes into a URL.
    <PageForm
      ref={form.formRef}
      method="post"
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      onFocusCapture={form.preload}
      noValidate
    >
      <Stack gap="md">
        <LoginFields
          schoolYears={schoolYears}
          initialSchoolYearId={current?.id}
          schoolYearsFailed={schoolYearsFailed}
          captchaNeeded={captchaNeeded}
          captcha={form.captcha}
          onCaptchaChange={form.changeCaptcha}
          schoolYearError={errors.schoolYearId}
          emailError={errors.email}
          passwordError={errors.password}
          captchaError={errors.captcha}
        />
        <FormErrorAlert error={formError ?? form.loadFailure} />
        {notActivatedEmail ? <ResendActivation email={notActivatedEmail} /> : null}
        <Button type="submit" loading={mutation.isPending} fullWidth>
          {t("auth:login.submit")}
        </Button>
      </Stack>
    </PageForm>
  );
}

/**
 * The invitation screen a visitor was sent here from, if any: the login then says why it is asked,
 * and "Create account" goes back to that screen, whose form keeps the invited address.
 */
function invitationScreen(from: unknown): string | null {
  if (typeof from !== "string") return null;
  const pathname = from.split(/[?#]/, 1)[0] ?? "";
  const id = findRoute(pathname)?.id;
  if (id !== "householdInvitation" && id !== "account.householdJoin") return null;
  return `/household-invitation/${pathname.split("/").at(-1)}`;
}

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const invitation = invitationScreen((location.state as { from?: unknown } | null)?.from);
  const session = useSession();
  const { maintenance, mfa } = session;
  const queryClient = useQueryClient();
  const schoolYears = useSchoolYears();
  if (mfa) {
    // Back to the password form; the waiting session expires by itself (15 minutes).
    const cancel = () => queryClient.setQueryData(SESSION_QUERY_KEY, { ...session, mfa: null });
    return (
      <Suspense fallback={<PageLoader />}>
        <MfaSignInStep step={mfa} onCancel={cancel} />
      </Suspense>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t("auth:login.title")}
      </Title>
      {maintenance ? (
        <Alert color="orange" role="status">
          {t("auth:login.maintenanceNotice")}
        </Alert>
      ) : null}
      {invitation ? <Alert role="status">{t("auth:login.invitationNotice")}</Alert> : null}
      {/* The form starts once the years are known, so the current one is its initial value. */}
      {schoolYears.isPending ? (
        <PageLoader />
      ) : (
        // The years a family may act in (the current one, or one with a window open);
        // staff pick any year in their lists' year filter once signed in.
        <>
          <LoginForm
            schoolYears={(schoolYears.data ?? []).filter((year) => year.familyMayAct)}
            schoolYearsFailed={schoolYears.isError}
          />
          <Text size="sm" ta="center">
            {t("auth:login.noAccount")}{" "}
            <Anchor component={Link} to={invitation ?? "/register"}>
              {t("auth:login.createAccount")}
            </Anchor>
          </Text>
        </>
      )}
    </Stack>
  );
}
