import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { CatalogName } from "@portal/shared/catalogs";
import { STEP_IDS, type StepId } from "@portal/shared/enrollment-steps";
import type { YearConstants } from "@portal/shared/rules/year-settings";
import {
  type StepData as StepDataAnswer,
  sentFileSchema,
  stepDataSchema,
} from "@portal/shared/schemas/enrollment-responses";
import { useMutation, useQueries, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { FormErrorAlert } from "../../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../../components/ui/page-loader.tsx";
import { confirm } from "../../../lib/confirm.tsx";
import { http } from "../../../lib/http.ts";
import { routeTitleKey } from "../../../lib/route-title-key.ts";
import { useSession } from "../../../lib/session-query.ts";
import { notifyRecord } from "../../../lib/toasts.ts";
import { CARDS_QUERY_KEY, fileQueryKey, stepQueryKey, uploadUrl } from "../enrollment-api.ts";
import { type SelectOptions, useCatalogOptions } from "../step-kit/catalog-options.ts";
import { STEP_CATALOGS } from "../step-kit/step-catalogs.ts";
import { StepSavedBy } from "../step-kit/step-draft-notice.tsx";
import { useHostFileContext } from "../step-kit/step-host.tsx";
import { StepTitle } from "../step-kit/step-title.tsx";
import { RETURN_PARAM, RETURN_TO_SUMMARY } from "../step-kit/use-step-form.ts";
import { useWizardFile } from "../wizard-frame.tsx";
import { wizardPath, wizardStepByKey } from "../wizard-steps.ts";
import { type SummaryRow, summaryRows } from "./summary-rows.ts";
import { useSummaryText } from "./summary-text.ts";

type StepData = Record<string, unknown> | null;
type SavedBy = NonNullable<StepDataAnswer["savedBy"]>;

/** Every step's saved data, fetched together (and shared with the steps' own cache entries). */
function useAllStepData(fileId: number) {
  return useQueries({
    queries: STEP_IDS.map((step) => ({
      queryKey: stepQueryKey(fileId, step),
      queryFn: async () => stepDataSchema.parse(await http.get(`/api/enrollment/files/${fileId}/steps/${step}`)),
      staleTime: 0,
    })),
    combine: (results) => ({
      error: results.find((result) => result.isError)?.error ?? null,
      // Who saved each step when it was not this account: the other parent, the school, the desk.
      savedBy: Object.fromEntries(
        STEP_IDS.map((step, index) => [step, results[index]?.data?.savedBy ?? null]),
      ) as Record<StepId, SavedBy | null>,
      data: results.every((result) => result.data)
        ? (Object.fromEntries(STEP_IDS.map((step, index) => [step, results[index]?.data?.data ?? null])) as Record<
            StepId,
            StepData
          >)
        : null,
    }),
  });
}

/** Step 14 (spec 2): the whole file to review, an edit link per section, then validate and send. */
export function SummaryPage() {
  const file = useWizardFile();
  const steps = useAllStepData(file.id);
  const catalogs = useCatalogOptions(STEP_CATALOGS.summary);
  const context = useHostFileContext();
  const error = steps.error ?? catalogs.error ?? context.error;
  if (error) return <FormErrorAlert error={error} />;
  if (!steps.data || !catalogs.options || !context.data) return <PageLoader />;
  return (
    <Summary
      data={steps.data}
      savedBy={steps.savedBy}
      catalogs={catalogs.options}
      constants={context.data.yearSettings.constants}
    />
  );
}

function Summary({
  data,
  savedBy,
  catalogs,
  constants,
}: {
  data: Record<StepId, StepData>;
  savedBy: Record<StepId, SavedBy | null>;
  catalogs: Record<CatalogName, SelectOptions>;
  constants: YearConstants;
}) {
  const { t } = useTranslation();
  const file = useWizardFile();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const text = useSummaryText(catalogs, constants);
  const sent = file.status === "sent";

  const send = useMutation({
    mutationFn: async () => sentFileSchema.parse(await http.post(`/api/enrollment/files/${file.id}/send`, {})),
    // Sending creates the request, the enrollment's record at the school: spec 8's "record created"
    // and "not created" notices, the reason of a refusal in the alert above the button.
    onSuccess: (result) => {
      notifyRecord("created");
      queryClient.setQueryData(fileQueryKey(file.id), result.file);
      void queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY });
      void navigate(wizardPath("congratulations"));
    },
    onError: () => notifyRecord("notCreated"),
  });

  const onSend = async () => {
    const ok = await confirm({
      title: t("enrollment:summary.confirmTitle"),
      text: t("enrollment:summary.confirmText"),
      confirmLabel: t("enrollment:summary.send"),
      cancelLabel: t("common:actions.cancel"),
    });
    if (ok) send.mutate();
  };

  const sections = useMemo(
    () => STEP_IDS.map((step) => ({ step, rows: summaryRows(step, data[step], text) })),
    [data, text],
  );

  return (
    <Stack gap="lg">
      <StepTitle>{t("enrollment:summary.title", { currentYear: session.schoolYear?.label ?? "" })}</StepTitle>
      <Text>{sent ? t("enrollment:summary.sentIntro") : t("enrollment:summary.intro")}</Text>
      {sections.map(({ step, rows }) => (
        <SummarySection key={step} step={step} rows={rows} editable={!sent} savedBy={savedBy[step]} />
      ))}
      <FormErrorAlert error={send.error} />
      <Group justify="flex-end">
        {sent ? (
          <Button component={Link} to={wizardPath("congratulations")}>
            {t("enrollment:actions.next")}
          </Button>
        ) : (
          <Button onClick={() => void onSend()} loading={send.isPending} size="md">
            {t("enrollment:summary.send")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function SummarySection({
  step,
  rows,
  editable,
  savedBy,
}: {
  step: StepId;
  rows: SummaryRow[];
  editable: boolean;
  savedBy: SavedBy | null;
}) {
  const { t } = useTranslation();
  const wizardStep = wizardStepByKey(step);
  const title = wizardStep ? t(routeTitleKey(wizardStep.routeId)) : step;
  const headingId = `summary-${step}`;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {editable ? (
            <Anchor
              component={Link}
              to={`${wizardPath(step)}?${RETURN_PARAM}=${RETURN_TO_SUMMARY}`}
              aria-label={t("enrollment:summary.editSection", { section: title })}
            >
              {t("enrollment:summary.edit")}
            </Anchor>
          ) : null}
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("enrollment:summary.nothing")}
          </Text>
        ) : (
          <Rows rows={rows} />
        )}
        {savedBy ? <StepSavedBy savedBy={savedBy} /> : null}
      </Stack>
    </Paper>
  );
}

function Rows({ rows }: { rows: SummaryRow[] }): ReactNode {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6} component="dl" m={0}>
      {rows.map((row) =>
        row.value.kind === "group" ? (
          <Stack key={row.field} gap={4} style={{ gridColumn: "1 / -1" }}>
            <Text component="dt" fw={600} size="sm">
              {row.label}
            </Text>
            <Paper component="dd" withBorder p="sm" m={0}>
              <Rows rows={row.value.rows} />
            </Paper>
          </Stack>
        ) : (
          <div key={row.field}>
            <Text component="dt" size="xs" c="dimmed">
              {row.label}
            </Text>
            <Text component="dd" m={0} size="sm" style={{ overflowWrap: "anywhere" }}>
              {row.value.kind === "file" ? (
                <Anchor href={uploadUrl(row.value.uploadId)} target="_blank" rel="noopener">
                  {t("enrollment:summary.viewFile")}
                </Anchor>
              ) : (
                row.value.text
              )}
            </Text>
          </div>
        ),
      )}
    </SimpleGrid>
  );
}
