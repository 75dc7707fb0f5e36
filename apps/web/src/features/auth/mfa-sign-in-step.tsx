import { Anchor, Stack, Text, Title } from "@mantine/core";
import type { SessionInfo } from "@portal/shared/schemas/responses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { applyLanguage } from "../../lib/language.ts";
import { postLoginPath } from "../../lib/match-route.ts";
import { SESSION_QUERY_KEY } from "../../lib/session-query.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { confirmSignInSetup, fetchMfaStatus, startSignInSetup, verifySignIn } from "./api/mfa-api.ts";
import { MfaCodeForm } from "./components/mfa-code-form.tsx";
import { MfaSetupPanel } from "./components/mfa-setup-panel.tsx";
import { RecoveryCodesPanel } from "./components/recovery-codes-panel.tsx";
import { usePostLoginTarget } from "./post-login-target.ts";

/**
 * The sign-in's second step, shown by the login page while the session has passed the
 * password only: a code (or a recovery code), or at the first sign-in the authenticator's setup.
 */
export function MfaSignInStep({ step, onCancel }: { step: "enrol" | "verify"; onCancel: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const setPostLoginTarget = usePostLoginTarget((state) => state.setTarget);
  const [recoveryCodes, setRecoveryCodes] = useState<{ codes: string[]; session: SessionInfo } | null>(null);
  const setup = useMutation({ mutationFn: startSignInSetup });

  // The key is drawn once per visit of the setup step (a new one if the person comes back).
  // Started once, when the step appears.
  useEffect(() => {
    if (step === "enrol") setup.mutate();
  }, [step]);

  function signedIn(session: SessionInfo) {
    if (!session.user) return;
    const from = (location.state as { from?: unknown } | null)?.from;
    setPostLoginTarget(postLoginPath(from, session.user.role));
    applyLanguage(session.language, { remember: true });
    queryClient.setQueryData(SESSION_QUERY_KEY, session);
  }

  let body: React.ReactNode;
  if (recoveryCodes) {
    body = <RecoveryCodesPanel codes={recoveryCodes.codes} onDone={() => signedIn(recoveryCodes.session)} />;
  } else if (step === "verify") {
    body = (
      <MfaCodeForm
        label={t("auth:mfa.code")}
        description={t("auth:mfa.verify.hint")}
        submitLabel={t("auth:mfa.verify.submit")}
        onCode={async (code) => {
          const session = await verifySignIn(code);
          // A recovery code (not the app's six digits) was used up: say how many are left.
          if (!/^\d{6}$/.test(code.trim())) {
            const status = await fetchMfaStatus().catch(() => null);
            if (status) notifySuccess(t("auth:mfa.recovery.leftAfterUse", { count: status.recoveryCodesLeft }));
          }
          signedIn(session);
        }}
      />
    );
  } else if (setup.data) {
    body = (
      <MfaSetupPanel
        setup={setup.data}
        onCode={async (code) => {
          const done = await confirmSignInSetup(code);
          setRecoveryCodes({ codes: done.recoveryCodes, session: done.session });
        }}
      />
    );
  } else {
    body = setup.isError ? <FormErrorAlert error={setup.error} /> : <PageLoader />;
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(step === "enrol" ? "auth:mfa.setup.title" : "auth:mfa.verify.title")}
      </Title>
      {step === "enrol" && !recoveryCodes ? <Text>{t("auth:mfa.setup.intro")}</Text> : null}
      {body}
      {recoveryCodes ? null : (
        <Anchor component="button" type="button" size="sm" onClick={onCancel}>
          {t("auth:mfa.backToLogin")}
        </Anchor>
      )}
    </Stack>
  );
}
