import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import type { SigningCodeSent, SigningDocument } from "@portal/shared/schemas/signing";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { RequiredMark } from "../../components/ui/required-mark.tsx";
import { type ApiError, isApiError } from "../../lib/api-error.ts";
import { formatInstant } from "../../lib/dates.ts";
import type { SigningEndpoint } from "./signing-api.ts";
import {
  CODE_LENGTH,
  checkSigningForm,
  codeDigits,
  NEW_CODE_NEEDED,
  type SigningFieldErrors,
  signingErrorPlace,
} from "./signing-rules.ts";

interface Props {
  document: SigningDocument;
  endpoint: SigningEndpoint;
  /** The signature was accepted. */
  onSigned: (answer: unknown) => void;
  /** The server answered SIGNING_DOCUMENT_CHANGED: the page reads the new text. */
  onChanged: () => void;
  /** The link expired or is gone while the page was open: the page says so instead of the form. */
  onLinkGone: (error: ApiError) => void;
  /** Signed meanwhile (another tab): the page reads the document again, which says so. */
  onReload: () => void;
}

/** Where the code went and until when, or that it waits in the outbox (the mail server is down). */
function CodeSentLine({ sent }: { sent: SigningCodeSent }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color={sent.queued ? "yellow" : "blue"} role="status" data-testid="signing-code-sent">
      {sent.queued
        ? t("signing:form.codeQueued", { email: sent.sentTo })
        : t("signing:form.codeSent", { email: sent.sentTo, time: formatInstant(sent.expiresAt, i18n.language) })}
    </Alert>
  );
}

/** A refusal with no field of its own (too soon for a new code, the server unreachable), focusable. */
function FailureAlert({ error, alertRef }: { error: unknown; alertRef: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t("errors:title")} role="alert" ref={alertRef} tabIndex={-1}>
      {isApiError(error) ? error.message : t("errors:INTERNAL")}
    </Alert>
  );
}

/**
 * Ask for a code, type it, type one's full name, tick "I have read", sign. The rules are checked
 * here first (signing-rules.ts) and by the server; each refusal lands where it belongs (under the
 * code, under the name) and takes the focus, so a screen reader hears it.
 */
export function SigningForm({ document, endpoint, onSigned, onChanged, onLinkGone, onReload }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [typedName, setTypedName] = useState("");
  const [read, setRead] = useState(false);
  const [errors, setErrors] = useState<SigningFieldErrors>({});
  const [serverErrors, setServerErrors] = useState<SigningFieldErrors>({});
  const [newCodeNeeded, setNewCodeNeeded] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const readRef = useRef<HTMLInputElement>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const codeErrorRef = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<"code" | "typedName" | "read" | "form" | "sendCode" | null>(null);

  // The focus moves once the message it goes to is on screen.
  useEffect(() => {
    if (!focusTarget) return;
    const target = {
      code: codeRef,
      typedName: nameRef,
      read: readRef,
      form: formErrorRef,
      sendCode: codeErrorRef,
    }[focusTarget];
    target.current?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const refused = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    const place = signingErrorPlace(error.code);
    if (place === "changed") {
      setRead(false);
      onChanged();
      return true;
    }
    if (place === "link") {
      onLinkGone(error);
      return true;
    }
    if (place === "reload") {
      onReload();
      return true;
    }
    if (place === "code") {
      setServerErrors({ code: error.message });
      if (NEW_CODE_NEEDED.includes(error.code)) {
        setCode("");
        setNewCodeNeeded(true);
      }
      setFocusTarget("code");
      return true;
    }
    if (place === "name") {
      setServerErrors({ typedName: error.message });
      setFocusTarget("typedName");
      return true;
    }
    return false;
  };

  const sendCode = useMutation({
    mutationFn: endpoint.sendCode,
    onMutate: () => setServerErrors({}),
    onSuccess: () => {
      setNewCodeNeeded(false);
      setFocusTarget("code");
    },
    onError: (error) => {
      if (!refused(error)) setFocusTarget("sendCode");
    },
  });
  const sign = useMutation({
    mutationFn: endpoint.sign,
    onMutate: () => setServerErrors({}),
    onSuccess: (answer) => onSigned(answer),
    onError: (error) => {
      if (!refused(error)) setFocusTarget("form");
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkSigningForm({ code, typedName, read }, document.signer.name);
    setErrors(found);
    setServerErrors({});
    const first = (["code", "typedName", "read"] as const).find((field) => found[field]);
    if (first) {
      setFocusTarget(first);
      return;
    }
    sign.mutate({ versionId: document.versionId, textSha256: document.textSha256, code, typedName, read: true });
  };

  const codeError = serverErrors.code
    ? newCodeNeeded
      ? t("signing:form.askNewCode", { message: serverErrors.code })
      : serverErrors.code
    : errors.code
      ? t(errors.code, { count: CODE_LENGTH })
      : undefined;
  const nameError =
    serverErrors.typedName ?? (errors.typedName ? t(errors.typedName, { name: document.signer.name }) : undefined);
  const ownAlert = (error: unknown) =>
    Boolean(error) && !(isApiError(error) && signingErrorPlace(error.code) !== "form");

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="signing-form-title">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} size="h4" id="signing-form-title">
            {t("signing:form.title")}
          </Title>
          <Stack gap="xs">
            <Text size="sm">{t("signing:form.codeIntro")}</Text>
            <Group gap="sm">
              <Button
                variant={sendCode.data && !newCodeNeeded ? "default" : "filled"}
                onClick={() => sendCode.mutate()}
                loading={sendCode.isPending}
              >
                {sendCode.data || newCodeNeeded ? t("signing:form.sendNewCode") : t("signing:form.sendCode")}
              </Button>
            </Group>
            {sendCode.data && !sendCode.isPending ? <CodeSentLine sent={sendCode.data} /> : null}
            {ownAlert(sendCode.error) ? <FailureAlert error={sendCode.error} alertRef={codeErrorRef} /> : null}
          </Stack>
          <TextInput
            ref={codeRef}
            label={t("signing:form.code")}
            description={t("signing:form.codeHint")}
            value={code}
            onChange={(event) => setCode(codeDigits(event.currentTarget.value))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH + 2}
            error={codeError}
            maw={220}
            {...REQUIRED_FIELD}
          />
          <TextInput
            ref={nameRef}
            label={t("signing:form.typedName")}
            description={t("signing:form.typedNameHint", { name: document.signer.name })}
            value={typedName}
            onChange={(event) => setTypedName(event.currentTarget.value)}
            autoComplete="off"
            maxLength={200}
            error={nameError}
            {...REQUIRED_FIELD}
          />
          <Checkbox
            ref={readRef}
            required
            label={
              <>
                {t("signing:form.read")}
                <RequiredMark />
              </>
            }
            checked={read}
            onChange={(event) => setRead(event.currentTarget.checked)}
            error={errors.read ? t(errors.read) : undefined}
          />
          {ownAlert(sign.error) ? <FailureAlert error={sign.error} alertRef={formErrorRef} /> : null}
          <Group>
            <Button type="submit" loading={sign.isPending}>
              {t("signing:form.sign")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
