import { Alert, Button, FileInput, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { DOCUMENT_CHECK_MAX_BYTES, type DocumentCheckResult } from "@portal/shared/schemas/document-checks";
import { useMutation } from "@tanstack/react-query";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageForm } from "../../components/ui/page-form.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { checkCode, checkPdf } from "./document-check-api.ts";
import { DocumentCheckFound } from "./document-check-result.tsx";

/**
 * /verify-document, public (`documentCheck`): anyone holding a document signed online checks it
 * against the portal, by the verification code printed at the foot of its pages or by the PDF
 * itself (the exact bytes the portal stored). The answer names the document, its signers and dates
 * and whether the school sealed it; nothing else (docs/rules/documents.md "Checking a document").
 */
export function DocumentCheckPage() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [code, setCode] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const answer = useRef<HTMLDivElement>(null);
  const check = useMutation({
    mutationFn: (what: { code: string } | { file: File }): Promise<DocumentCheckResult> =>
      "code" in what ? checkCode(what.code) : checkPdf(what.file),
    // The answer is announced and takes the focus, so a screen reader reads it at once.
    onSettled: () => requestAnimationFrame(() => answer.current?.focus()),
  });
  const notFound = hasErrorCode(check.error, "DOCUMENT_CHECK_NOT_FOUND");

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > DOCUMENT_CHECK_MAX_BYTES) setFileError(t("signing:check.tooLarge"));
    else check.mutate({ file: chosen });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    choose(event.dataTransfer.files[0] ?? null);
  };

  return (
    <Stack gap="lg" maw={760} w="100%">
      <Title order={1} size="h2" ref={heading} tabIndex={-1} className="portal-focus-target">
        {t(routeTitleKey("documentCheck"))}
      </Title>
      <Text>{t("signing:check.intro")}</Text>
      {/* Drawn by the server: disabled until React takes it over (PageForm). */}
      <PageForm
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          check.mutate({ code });
        }}
      >
        <Stack gap="lg">
          <Group align="flex-end">
            <TextInput
              label={t("signing:check.code")}
              description={t("signing:check.codeHint")}
              value={code}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setCode(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" loading={check.isPending && check.variables && "code" in check.variables}>
              {t("signing:check.checkCode")}
            </Button>
          </Group>
          <Paper
            withBorder
            p="md"
            onDragOver={(event) => event.preventDefault()}
            onDrop={onDrop}
            data-testid="document-check-drop"
          >
            <Stack gap="xs">
              <Text size="sm">{t("signing:check.dropHint")}</Text>
              <FileInput
                label={t("signing:check.pdf")}
                placeholder={t("signing:check.choose")}
                accept="application/pdf"
                value={file}
                onChange={choose}
                error={fileError}
                clearable
              />
            </Stack>
          </Paper>
        </Stack>
      </PageForm>
      <div ref={answer} tabIndex={-1} aria-live="polite">
        {check.data ? <DocumentCheckFound result={check.data} /> : null}
        {notFound ? (
          <Alert color="orange" role="status" title={t("signing:check.notFound")}>
            {t("signing:check.notFoundHint")}
          </Alert>
        ) : null}
        {check.error && !notFound ? <FormErrorAlert error={check.error} /> : null}
      </div>
    </Stack>
  );
}
