import { Button, FileInput, Group, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { CERTIFICATE_MAX_BYTES, type SchoolCertificate } from "@portal/shared/schemas/school-certificate";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { confirm } from "../../lib/confirm.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import {
  removeSchoolCertificate,
  SCHOOL_CERTIFICATE_QUERY_KEY,
  uploadSchoolCertificate,
  useSchoolCertificate,
} from "./school-certificate-api.ts";

/**
 * Settings › Documents, "School certificate" (docs/rules/documents.md "Seal"): the PKCS#12 file
 * whose key seals the signed PDFs. Shows the one on file (subject, issuer, valid until); uploads a
 * new one with its password (the server says why it refuses one); removes it after a confirmation.
 */
export function SchoolCertificatePanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useSchoolCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const settle = (certificate: SchoolCertificate | null) => {
    queryClient.setQueryData(SCHOOL_CERTIFICATE_QUERY_KEY, { certificate });
  };
  const upload = useMutation({
    mutationFn: () => uploadSchoolCertificate(file!, password),
    onSuccess: (view) => {
      settle(view.certificate);
      setFile(null);
      setPassword("");
      notifySuccess(t("schoolDocuments:certificate.saved"));
    },
  });
  const remove = useMutation({
    mutationFn: removeSchoolCertificate,
    onSuccess: () => {
      settle(null);
      notifySuccess(t("schoolDocuments:certificate.removed"));
    },
  });
  const certificate = query.data?.certificate ?? null;

  const onSubmit = async () => {
    if (!file) {
      setFileError(t("schoolDocuments:certificate.fileRequired"));
      return;
    }
    if (file.size > CERTIFICATE_MAX_BYTES) {
      setFileError(t("schoolDocuments:certificate.tooLarge"));
      return;
    }
    if (certificate) {
      const ok = await confirm({
        title: t("schoolDocuments:certificate.replaceTitle"),
        text: t("schoolDocuments:certificate.replaceText", { subject: certificate.subject }),
      });
      if (!ok) return;
    }
    upload.mutate();
  };
  const askRemove = async () => {
    const ok = await confirm({
      title: t("schoolDocuments:certificate.removeTitle"),
      text: t("schoolDocuments:certificate.removeText"),
      danger: true,
    });
    if (ok) remove.mutate();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="school-certificate">
      <Stack gap="sm">
        <Title order={2} size="h4" id="school-certificate">
          {t("schoolDocuments:certificate.title")}
        </Title>
        {query.isError ? <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : null}
        {query.data && !certificate ? <Text>{t("schoolDocuments:certificate.none")}</Text> : null}
        {certificate ? (
          <dl style={{ margin: 0 }} data-testid="school-certificate-facts">
            <Text component="dt" fw={600} size="sm">
              {t("schoolDocuments:certificate.subject")}
            </Text>
            <Text component="dd" size="sm" ml={0}>
              {certificate.subject}
            </Text>
            <Text component="dt" fw={600} size="sm">
              {t("schoolDocuments:certificate.issuer")}
            </Text>
            <Text component="dd" size="sm" ml={0}>
              {certificate.issuer}
            </Text>
            <Text component="dt" fw={600} size="sm">
              {t("schoolDocuments:certificate.validUntil")}
            </Text>
            <Text component="dd" size="sm" ml={0}>
              {formatInstant(certificate.validTo, i18n.language)}
            </Text>
          </dl>
        ) : null}
        {certificate ? <Text size="sm">{t("schoolDocuments:certificate.sealing")}</Text> : null}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          <Stack gap="sm" maw={480}>
            <FileInput
              label={t(certificate ? "schoolDocuments:certificate.replaceFile" : "schoolDocuments:certificate.file")}
              description={t("schoolDocuments:certificate.fileHint")}
              placeholder={t("schoolDocuments:certificate.choose")}
              accept=".p12,.pfx,application/x-pkcs12"
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setFileError(null);
              }}
              error={fileError}
              clearable
            />
            <PasswordInput
              label={t("schoolDocuments:certificate.password")}
              description={t("schoolDocuments:certificate.passwordHint")}
              value={password}
              autoComplete="off"
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <FormErrorAlert error={upload.error} />
            <Group>
              <Button type="submit" loading={upload.isPending}>
                {t(certificate ? "schoolDocuments:certificate.replace" : "schoolDocuments:certificate.upload")}
              </Button>
              {certificate ? (
                <Button variant="light" color="red" onClick={() => void askRemove()} loading={remove.isPending}>
                  {t("schoolDocuments:certificate.remove")}
                </Button>
              ) : null}
            </Group>
            <FormErrorAlert error={remove.error} />
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
