import { Box, Group, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import { FUNNEL_STATUSES, stageCountsDrafts } from "@portal/shared/dashboard";
import { REQUEST_STATUSES, type RequestStatus } from "@portal/shared/request-status";
import type { Role } from "@portal/shared/roles";
import type { Dashboard } from "@portal/shared/schemas/dashboard";
import type { TestDataMode } from "@portal/shared/schemas/requests";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { StatusBadge } from "../../components/ui/status-badge.tsx";
import { useCatalog } from "../../lib/catalog-query.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useSession } from "../../lib/session-query.ts";
import { detailPath } from "../inscriptions/request-lists.ts";
import { percentOf } from "./chart-scale.ts";
import { useDashboard } from "./dashboard-api.ts";
import { canOpen, type FigureFilter, pendingPhotosHref, requestListHref } from "./dashboard-links.ts";
import { DashboardSection, FigureCard } from "./figures.tsx";
import { Funnel } from "./funnel.tsx";
import { LatestChanges } from "./latest-changes.tsx";
import { LevelTable } from "./level-table.tsx";
import { SubmissionsChart } from "./submissions-chart.tsx";
import "./dashboard.css";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";

/** Requests waiting for a first (or, restored, a new) decision: the inscriptions area's default list. */
const TO_TREAT: readonly RequestStatus[] = ["Untreated", "Restored"];

/** `?testData=include` on the dashboard's own URL: the figures (and their links) with test data. */
function testDataOf(params: URLSearchParams): TestDataMode {
  return params.get("testData") === "include" ? "include" : "exclude";
}

/**
 * The staff dashboard (spec 2 `/dashboard`): the session's school year in figures. Every
 * figure opens the list that holds exactly what it counts, for the roles that may open the
 * inscriptions screens (the route table decides); Editor sees the same figures as plain text.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const testData = testDataOf(params);
  const dashboard = useDashboard(testData);

  const setTestData = (include: boolean) => {
    const next = new URLSearchParams(params);
    if (include) next.set("testData", "include");
    else next.delete("testData");
    setParams(next);
  };

  let body: ReactNode;
  if (dashboard.isPending) {
    body = <PageLoader />;
  } else if (dashboard.isError) {
    body = <LoadErrorAlert error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  } else {
    body = <DashboardFigures data={dashboard.data} role={session.user?.role ?? null} />;
  }

  return (
    <Stack gap="lg" data-testid="dashboard">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t(routeTitleKey("dashboard"))}
          </Title>
          {dashboard.data ? (
            <Text c="dimmed" size="sm" data-testid="dashboard-school-year">
              {t("dashboard:schoolYear", { label: dashboard.data.schoolYear.label })}
            </Text>
          ) : null}
        </Stack>
        <Switch
          label={t("dashboard:testData")}
          checked={testData === "include"}
          onChange={(event) => setTestData(event.currentTarget.checked)}
        />
      </Group>
      {body}
    </Stack>
  );
}

function DashboardFigures({ data, role }: { data: Dashboard; role: Role | null }) {
  const { t } = useTranslation();
  const levels = useCatalog("levels");
  const { testData } = data;
  /** The link when the role may open it, else null (the figure is shown as text). */
  const linkTo = (href: string) => (canOpen(href, role) ? href : null);
  const listHref = (filter: Omit<FigureFilter, "testData">) => linkTo(requestListHref({ ...filter, testData }));
  const levelLabel = (code: string) => levels.data?.find((item) => item.code === code)?.label ?? code;
  // Editor's figures are text: the hint that they open lists would be wrong.
  const linksShown = linkTo(requestListHref({ testData })) !== null;
  const toTreat = TO_TREAT.reduce((sum, status) => sum + data.byStatus[status], 0);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <FigureCard
          testId="figure-toTreat"
          label={t("dashboard:headline.toTreat")}
          hint={t("dashboard:headline.toTreatHint")}
          value={toTreat}
          href={listHref({ statuses: TO_TREAT })}
        />
        <FigureCard
          testId="figure-total"
          label={t("dashboard:headline.total")}
          hint={t("dashboard:headline.totalHint")}
          value={data.totalRequests}
          href={listHref({})}
        />
        <FigureCard
          testId="figure-photos"
          label={t("dashboard:headline.photos")}
          hint={t("dashboard:headline.photosHint")}
          value={data.photosPending}
          href={linkTo(pendingPhotosHref(testData))}
        />
      </SimpleGrid>

      <DashboardSection
        id="statuses"
        title={t("dashboard:statuses.title")}
        description={linksShown ? t("dashboard:statuses.description") : undefined}
      >
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm">
          <FigureCard
            testId="status-notSent"
            label={t("dashboard:statuses.notSent")}
            hint={t("dashboard:statuses.notSentHint")}
            value={data.notSentFiles}
            href={null}
          />
          {REQUEST_STATUSES.map((status) => (
            <FigureCard
              key={status}
              testId={`status-${status}`}
              label={<StatusBadge status={status} />}
              // "In process" is a request back with the family, not a file being filled in: said here,
              // beside the drafts card and the funnel's "files started".
              hint={status === "InProcess" ? t("dashboard:statuses.inProcessHint") : undefined}
              value={data.byStatus[status]}
              href={listHref({ statuses: [status] })}
            />
          ))}
        </SimpleGrid>
      </DashboardSection>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DashboardSection
          id="funnel"
          title={t("dashboard:funnel.title")}
          description={t("dashboard:funnel.description")}
        >
          <Funnel
            funnel={data.funnel}
            hrefFor={(stage) => (stageCountsDrafts(stage) ? null : listHref({ statuses: FUNNEL_STATUSES[stage] }))}
          />
        </DashboardSection>
        <DashboardSection id="kinds" title={t("dashboard:kinds.title")}>
          <SimpleGrid cols={2} spacing="sm">
            <FigureCard
              testId="kind-new"
              label={t("dashboard:kinds.new")}
              hint={t("dashboard:kinds.share", { percent: percentOf(data.kinds.new, data.totalRequests) })}
              value={data.kinds.new}
              href={listHref({ kind: "new" })}
            />
            <FigureCard
              testId="kind-reenrollment"
              label={t("dashboard:kinds.reenrollment")}
              hint={t("dashboard:kinds.share", { percent: percentOf(data.kinds.reenrollment, data.totalRequests) })}
              value={data.kinds.reenrollment}
              href={listHref({ kind: "reenrollment" })}
            />
          </SimpleGrid>
          <Box
            aria-hidden="true"
            h={12}
            bg="gray.2"
            style={{ borderRadius: "var(--mantine-radius-sm)", overflow: "hidden" }}
          >
            <Box
              h="100%"
              w={`${percentOf(data.kinds.new, data.totalRequests)}%`}
              bg="var(--mantine-primary-color-filled)"
            />
          </Box>
        </DashboardSection>
      </SimpleGrid>

      <DashboardSection id="submissions" title={t("dashboard:submissions.title")}>
        <SubmissionsChart submissions={data.submissions} />
      </DashboardSection>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <DashboardSection id="levels" title={t("dashboard:levels.title")}>
          <LevelTable
            levels={data.levels}
            levelLabel={levelLabel}
            hrefFor={(level, kind) => (level ? listHref({ level, kind }) : null)}
          />
        </DashboardSection>
        <DashboardSection id="latest" title={t("dashboard:latest.title")}>
          <LatestChanges changes={data.latestChanges} detailHref={(id) => linkTo(detailPath(id))} />
        </DashboardSection>
      </SimpleGrid>
    </Stack>
  );
}
