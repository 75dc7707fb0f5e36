import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { tokenField } from "@portal/shared/schemas/fields";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { hasErrorCode, isApiError } from "../../lib/api-error.ts";
import { activateOnce } from "./activate-once.ts";
import { resendActivation } from "./api/auth-api.ts";
import { EmailLinkForm } from "./components/email-link-form.tsx";
import { InvitationPasswordForm } from "./invitation-password-form.tsx";

type Outcome =
  | { kind: "pending" }
  | { kind: "done" }
  | { kind: "password" }
  | { kind: "invalid"; message: string }
  | { kind: "failed"; error: unknown };

function ResendForm() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <Alert color="green" role="status">
        {t("auth:activation.resent")}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t("auth:activation.resendIntro")}</Text>
      <EmailLinkForm send={resendActivation} submitLabel={t("auth:activation.resend")} onSent={() => setSent(true)} />
    </Stack>
  );
}

/** Opened from the activation e-mail: activates on arrival, or offers a new link. */
export function ActivatePage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: "pending" });

  useEffect(() => {
    // A malformed token cannot be valid: no need to ask the server.
    if (!tokenField.safeParse(token).success) {
      setOutcome({ kind: "invalid", message: t("validation:token") });
      return;
    }
    let current = true;
    activateOnce(token).then(
      () => current && setOutcome({ kind: "done" }),
      (error: unknown) => {
        if (!current) return;
        // An invited account chooses its password here before the link activates it.
        if (hasErrorCode(error, "PASSWORD_REQUIRED")) {
          setOutcome({ kind: "password" });
          return;
        }
        if (hasErrorCode(error, "TOKEN_INVALID", "TOKEN_EXPIRED", "VALIDATION_ERROR") && isApiError(error)) {
          setOutcome({ kind: "invalid", message: error.fields.token ?? error.message });
        } else {
          setOutcome({ kind: "failed", error });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [token, t]);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t("auth:activation.title")}
      </Title>
      {outcome.kind === "pending" ? <PageLoader /> : null}
      {outcome.kind === "password" ? (
        <InvitationPasswordForm
          token={token}
          onDone={() => setOutcome({ kind: "done" })}
          onInvalid={(message) => setOutcome({ kind: "invalid", message })}
        />
      ) : null}
      {outcome.kind === "done" ? (
        <>
          <Alert color="green" role="status" title={t("auth:activation.doneTitle")}>
            {t("auth:activation.doneText")}
          </Alert>
          <Button component={Link} to="/login">
            {t("auth:common.goToLogin")}
          </Button>
        </>
      ) : null}
      {outcome.kind === "invalid" ? (
        <>
          <Alert color="red" role="alert" title={t("auth:activation.invalidTitle")}>
            {outcome.message}
          </Alert>
          <ResendForm />
        </>
      ) : null}
      {outcome.kind === "failed" ? (
        <>
          <Alert color="red" role="alert" title={t("errors:title")}>
            {isApiError(outcome.error) ? outcome.error.message : t("errors:INTERNAL")}
          </Alert>
          <Button onClick={() => window.location.reload()} variant="default">
            {t("common:actions.retry")}
          </Button>
        </>
      ) : null}
    </Stack>
  );
}
