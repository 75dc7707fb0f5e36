import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { MfaSetup } from "@portal/shared/schemas/mfa";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { PasswordField } from "../../components/ui/password-field.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { isApiError } from "../../lib/api-error.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import {
  confirmAccountSetup,
  disableAccountMfa,
  fetchMfaStatus,
  MFA_STATUS_QUERY_KEY,
  startAccountSetup,
} from "../auth/api/mfa-api.ts";
import { MfaSetupPanel } from "../auth/components/mfa-setup-panel.tsx";
import { RecoveryCodesPanel } from "../auth/components/recovery-codes-panel.tsx";

/** Turning MFA off: the password again, in a small form. */
function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const mutation = useMutation({ mutationFn: disableAccountMfa, onSuccess: onDone });
  const fieldError = isApiError(mutation.error) && mutation.error.fields.currentPassword !== undefined;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate(password);
      }}
    >
      <Stack gap="sm">
        <PasswordField
          label={t("account:mfa.currentPassword")}
          autoComplete="current-password"
          {...REQUIRED_FIELD}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldError && isApiError(mutation.error) ? mutation.error.message : undefined}
        />
        {fieldError ? null : <FormErrorAlert error={mutation.error} />}
        <Group>
          <Button type="submit" color="red" variant="light" loading={mutation.isPending}>
            {t("account:mfa.turnOff")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Two-step verification on the account page: staff see that their role requires it;
 * families may turn it on (QR code or key, a code, recovery codes shown once) and off again.
 */
export function MfaSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: MFA_STATUS_QUERY_KEY, queryFn: fetchMfaStatus });
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const start = useMutation({ mutationFn: startAccountSetup, onSuccess: setSetup });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: MFA_STATUS_QUERY_KEY });

  let body: React.ReactNode;
  if (!status.data) {
    body = status.isError ? <FormErrorAlert error={status.error} /> : <PageLoader />;
  } else if (codes) {
    body = (
      <RecoveryCodesPanel
        codes={codes}
        onDone={() => {
          setCodes(null);
          refresh();
        }}
      />
    );
  } else if (setup) {
    body = (
      <MfaSetupPanel
        setup={setup}
        onCode={async (code) => {
          setCodes(await confirmAccountSetup(code));
          setSetup(null);
          notifySuccess(t("account:mfa.turnedOn"));
        }}
      />
    );
  } else if (status.data.enabled) {
    body = (
      <Stack gap="sm">
        <Text>{t("account:mfa.recoveryLeft", { count: status.data.recoveryCodesLeft })}</Text>
        {status.data.required ? (
          <Text size="sm">{t("account:mfa.requiredByRole")}</Text>
        ) : disabling ? (
          <DisableForm
            onDone={() => {
              setDisabling(false);
              notifySuccess(t("account:mfa.turnedOff"));
              refresh();
            }}
          />
        ) : (
          <Group>
            <Button variant="default" onClick={() => setDisabling(true)}>
              {t("account:mfa.turnOff")}
            </Button>
          </Group>
        )}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text>{t("account:mfa.offIntro")}</Text>
        <FormErrorAlert error={start.error} />
        <Group>
          <Button onClick={() => start.mutate()} loading={start.isPending}>
            {t("account:mfa.turnOn")}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="mfa-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id="mfa-title">
            {t("account:mfa.title")}
          </Title>
          {status.data ? (
            <Badge color={status.data.enabled ? "green" : "gray"} variant="light">
              {t(status.data.enabled ? "account:mfa.on" : "account:mfa.off")}
            </Badge>
          ) : null}
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
