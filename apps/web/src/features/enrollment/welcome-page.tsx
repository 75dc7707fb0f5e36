import { Alert, Badge, Button, Card, List, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { isRequestStatus } from "@portal/shared/request-status";
import type { EnrollmentCard } from "@portal/shared/schemas/enrollment-responses";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useSession } from "../../lib/session-query.ts";
import { useStatusExplanation, useStatusLabel } from "../../lib/status-texts.ts";
import { useNoticeText } from "../../lib/year-settings-query.ts";
import { OpenCampaignNotice } from "../campaigns/open-campaign-notice.tsx";
import { useEnrollmentCards } from "./enrollment-api.ts";
import { useInscriptionStore } from "./enrollment-store.ts";
import { EnrollmentWindowsAlert } from "./enrollment-windows.tsx";
import { PhotoReplacementDialog } from "./photo-replacement-dialog.tsx";
import { prefetchWizardStep } from "./prefetch-step.ts";
import { useStartFile } from "./use-start-file.ts";
import { cardStatusText, resumeStep, wizardPath } from "./wizard-steps.ts";

const STATUS_COLOR: Record<EnrollmentCard["status"], string> = {
  notStarted: "gray",
  inProgress: "blue",
  sent: "green",
};

function StudentCard({
  card,
  onChoose,
  pending,
  reEnrollmentOpen,
}: {
  card: EnrollmentCard;
  onChoose: (card: EnrollmentCard) => void;
  pending: boolean;
  /** A student without a file this year can be re-enrolled only while the window is open. */
  reEnrollmentOpen: boolean;
}) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const statusExplanation = useStatusExplanation();
  const [replacingPhoto, setReplacingPhoto] = useState(false);
  const status = cardStatusText(card);
  const name = card.studentName || t("enrollment:card.unnamed");
  return (
    <Card withBorder padding="lg" component="article" aria-label={name}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Title order={3} size="h4">
            {name}
          </Title>
          <Badge color={STATUS_COLOR[card.status]} variant="light">
            {t(status.key, status.values)}
          </Badge>
          {card.correctionMessage ? (
            <Alert color="orange" title={t("enrollment:card.correctionTitle")} p="xs">
              <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                {card.correctionMessage}
              </Text>
              {card.reopenedSteps.length > 0 ? (
                <Text size="sm" mt={4}>
                  {t("enrollment:card.reopenedSteps", {
                    steps: card.reopenedSteps.map((step) => t(routeTitleKey(`wizard.${step}`))).join(", "),
                  })}
                </Text>
              ) : null}
            </Alert>
          ) : null}
          {card.photoRejection ? (
            <Alert color="orange" title={t("enrollment:photoRejection.title")} p="xs" data-testid="photo-rejection">
              <Text size="sm" fw={600}>
                {t("enrollment:photoRejection.reasonTitle")}
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                {card.photoRejection.reason}
              </Text>
              <Button mt="xs" size="xs" variant="light" color="orange" onClick={() => setReplacingPhoto(true)}>
                {t("enrollment:photoRejection.button")}
              </Button>
            </Alert>
          ) : null}
          {card.requestStatus ? (
            <Text size="sm">
              {t("enrollment:card.requestStatus", {
                status: isRequestStatus(card.requestStatus) ? statusLabel(card.requestStatus) : card.requestStatus,
              })}
            </Text>
          ) : null}
          {card.requestStatus && statusExplanation(card.requestStatus) ? (
            // What the status means for the family, in the school's words (Settings › Request statuses).
            <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-line" }}>
              {statusExplanation(card.requestStatus)}
            </Text>
          ) : null}
        </Stack>
        {card.status === "sent" ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t("enrollment:card.sentHint")}
            </Text>
            <Button variant="light" onClick={() => onChoose(card)} fullWidth>
              {t("enrollment:card.documents")}
            </Button>
          </Stack>
        ) : card.status === "notStarted" && !reEnrollmentOpen ? (
          <Text size="sm" c="dimmed">
            {t("schoolYears:welcome.reClosed")}
          </Text>
        ) : (
          <Button
            onClick={() => onChoose(card)}
            loading={pending}
            fullWidth
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
          >
            {card.status === "notStarted" ? t("enrollment:card.start") : t("enrollment:card.continue")}
          </Button>
        )}
      </Stack>
      {card.photoRejection ? (
        <PhotoReplacementDialog card={card} opened={replacingPhoto} onClose={() => setReplacingPhoto(false)} />
      ) : null}
    </Card>
  );
}

/** Step 1 (spec 2): the notices, one card per student of the family, and "+" for a new student. */
export function WelcomePage() {
  const { t } = useTranslation();
  const notice = useNoticeText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cards = useEnrollmentCards();
  const selectFileId = useInscriptionStore((state) => state.selectFileId);
  const start = useStartFile();
  // The year's two windows: no card offers what the server would refuse after the click.
  const year = useSession().schoolYear;
  const newOpen = year?.newEnrollment.open ?? false;
  const reOpen = year?.reEnrollment.open ?? false;

  const choose = (card: EnrollmentCard) => {
    if (card.fileId === null) {
      start.mutate(card.studentId);
      return;
    }
    selectFileId(card.fileId);
    // A sent file opens on its documents; one in progress at the step its status line names.
    prefetchWizardStep(queryClient, card.fileId, resumeStep(card));
    void navigate(wizardPath(resumeStep(card)));
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("wizard.welcome"))}
      </Title>
      <Text>{year ? t("enrollment:welcome.intro", { year: year.label }) : t("enrollment:welcome.introNoYear")}</Text>
      <Alert color="blue" title={t("enrollment:welcome.noticesTitle")}>
        <List spacing={4} size="sm">
          <List.Item>{notice("print")}</List.Item>
          <List.Item>{notice("discount")}</List.Item>
          <List.Item>{notice("contract")}</List.Item>
        </List>
      </Alert>
      {year ? <EnrollmentWindowsAlert year={year} /> : null}
      <OpenCampaignNotice />
      <Title order={2} size="h3">
        {t("enrollment:welcome.studentsTitle")}
      </Title>
      {start.isError ? <FormErrorAlert error={start.error} /> : null}
      {cards.isError ? (
        <FormErrorAlert error={cards.error}>
          <Button mt="sm" variant="light" onClick={() => void cards.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </FormErrorAlert>
      ) : !cards.data ? (
        <PageLoader />
      ) : (
        <>
          {cards.data.length === 0 ? <Text c="dimmed">{t("enrollment:welcome.empty")}</Text> : null}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {cards.data.map((card) => (
              <StudentCard
                key={card.studentId}
                card={card}
                onChoose={choose}
                pending={start.isPending && start.variables === card.studentId}
                reEnrollmentOpen={reOpen}
              />
            ))}
            {newOpen ? (
              <Card withBorder padding={0}>
                <UnstyledButton
                  onClick={() => start.mutate(undefined)}
                  disabled={start.isPending}
                  p="lg"
                  h="100%"
                  mih={140}
                  style={{ display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center" }}
                >
                  <Text fz={40} lh={1} c="blue" aria-hidden="true">
                    +
                  </Text>
                  <Text fw={600}>{t("enrollment:welcome.addStudent")}</Text>
                </UnstyledButton>
              </Card>
            ) : (
              <Card withBorder padding="lg">
                <Text size="sm" c="dimmed">
                  {t("schoolYears:welcome.newClosed")}
                </Text>
              </Card>
            )}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
