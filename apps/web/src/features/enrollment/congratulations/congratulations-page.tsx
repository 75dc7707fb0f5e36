import { Alert, Button, Group, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { hasErrorCode, isApiError } from "../../../lib/api-error.ts";
import { useCatalog } from "../../../lib/catalog-query.ts";
import { routeTitleKey } from "../../../lib/route-title-key.ts";
import { useSession } from "../../../lib/session-query.ts";
import { useNoticeText } from "../../../lib/year-settings-query.ts";
import { SignOnlineSection } from "../../signing/sign-online-section.tsx";
import { useFileContext } from "../enrollment-api.ts";
import { StepTitle } from "../step-kit/step-title.tsx";
import { useStartFile } from "../use-start-file.ts";
import { useWizardFile } from "../wizard-frame.tsx";
import { wizardPath } from "../wizard-steps.ts";
import { downloadDocument, type FileDocument } from "./documents.ts";

/**
 * One document: download it, or generate a new report (spec 2), with the spec's waiting message
 * and FILE NOT FOUND; after a failure, trying again draws it anew.
 */
function DocumentCard({ fileId, document }: { fileId: number; document: FileDocument }) {
  const { t } = useTranslation();
  const generate = useMutation({
    mutationFn: (regenerate: boolean) => downloadDocument(fileId, document, regenerate),
  });
  const notFound = hasErrorCode(generate.error, "FILE_NOT_FOUND");
  const headingId = `document-${document}`;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={4}>
          <Title order={2} size="h4" id={headingId}>
            {t(`enrollment:congratulations.documents.${document}.title`)}
          </Title>
          <Text size="sm">{t(`enrollment:congratulations.documents.${document}.description`)}</Text>
        </Stack>
        {generate.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t("enrollment:congratulations.generating")}</Text>
          </Group>
        ) : null}
        {generate.isError ? (
          <Alert color="red" role="alert" title={notFound ? t("errors:FILE_NOT_FOUND") : t("errors:title")}>
            {notFound
              ? t("enrollment:congratulations.notFoundHint")
              : isApiError(generate.error)
                ? generate.error.message
                : t("errors:INTERNAL")}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button onClick={() => generate.mutate(generate.isError)} loading={generate.isPending}>
            {t(`enrollment:congratulations.documents.${document}.download`)}
          </Button>
          <Button
            variant="subtle"
            aria-describedby={headingId}
            onClick={() => generate.mutate(true)}
            disabled={generate.isPending}
          >
            {t("enrollment:congratulations.generateAgain")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Step 15 (spec 2): the enrollment succeeded; documents to download; what to do next. */
export function CongratulationsPage() {
  const { t } = useTranslation();
  const notice = useNoticeText();
  const file = useWizardFile();
  const session = useSession();
  const context = useFileContext(file.id);
  const levels = useCatalog("levels");
  const start = useStartFile();
  const levelCode = context.data?.requestedLevel ?? null;
  const level = levels.data?.find((item) => item.code === levelCode)?.label ?? levelCode ?? "";

  return (
    <Stack gap="lg">
      <StepTitle>{t(routeTitleKey("wizard.congratulations"))}</StepTitle>
      <Alert color="green" title={t("enrollment:congratulations.successTitle")}>
        {t("enrollment:congratulations.success", {
          student: file.studentName,
          level,
          year: session.schoolYear?.label ?? "",
        })}
      </Alert>
      <Alert color="blue" title={t("enrollment:congratulations.nextTitle")}>
        <List spacing={4} size="sm">
          <List.Item>{notice("contract", { sent: true })}</List.Item>
          <List.Item>{notice("print")}</List.Item>
          <List.Item>{notice("discount")}</List.Item>
        </List>
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DocumentCard fileId={file.id} document="summary" />
        <DocumentCard fileId={file.id} document="to-sign" />
      </SimpleGrid>
      <SignOnlineSection fileId={file.id} />
      {start.isError ? (
        <Alert color="red" role="alert" title={t("errors:title")}>
          {isApiError(start.error) ? start.error.message : t("errors:INTERNAL")}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button component={Link} to={wizardPath("welcome")} variant="default">
          {t("enrollment:congratulations.goHome")}
        </Button>
        {/* No "add a student" that the closed new-enrollment window would refuse. */}
        {session.schoolYear?.newEnrollment.open ? (
          <Button onClick={() => start.mutate(undefined)} loading={start.isPending}>
            {t("enrollment:congratulations.addStudent")}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
