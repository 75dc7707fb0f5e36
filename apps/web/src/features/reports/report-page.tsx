import { Anchor, Box, Group, Stack, Text, Title } from "@mantine/core";
import { rolesFor } from "@portal/shared/permissions";
import type { ReportId } from "@portal/shared/schemas/reports";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ListPager } from "../../components/ui/list-pager.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { useSession } from "../../lib/session-query.ts";
import { reportComposePath } from "../messages/audience-link.ts";
import { ColumnChooser } from "./column-chooser.tsx";
import { ExportPanel, type ExportTarget } from "./export-panel.tsx";
import { ReportFilters } from "./report-filters.tsx";
import { exportParams, filterParams, parseReportState, type ReportState, writeReportState } from "./report-query.ts";
import { ReportTable } from "./report-table.tsx";
import { useReportPage } from "./reports-api.ts";

const PHOTO_KIND: Record<ReportId, string> = {
  students: "students",
  representatives: "representatives",
  authorizedPersons: "authorizedPersons",
};

/**
 * One page for the three reports: filters, column chooser and sort in the URL, the
 * server's page of rows, the row count, XLSX/CSV exports of the filtered set (and the parent
 * committee's contacts on the representatives report), and a link to the photo export.
 */
export function ReportPage({ report }: { report: ReportId }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseReportState(report, params), [report, params]);
  const data = useReportPage(report, writeReportState(state).toString());
  const go = (next: ReportState) => setParams(writeReportState(next));
  const change = (patch: Partial<ReportState>) => go({ ...state, ...patch, page: 1 });
  const number = (value: number) => value.toLocaleString(i18n.language);
  const total = data.data?.total ?? 0;
  const role = useSession().user?.role;

  const exportQuery = exportParams(state).toString();
  const filters = filterParams(state);
  const targets: ExportTarget[] = [
    {
      key: "xlsx",
      label: t("reports:exportXlsx"),
      format: "xlsx",
      path: `/api/reports/${report}/export?format=xlsx&${exportQuery}`,
    },
    {
      key: "csv",
      label: t("reports:exportCsv"),
      format: "csv",
      path: `/api/reports/${report}/export?format=csv&${exportQuery}`,
    },
  ];
  if (report === "representatives") {
    const committee = (format: "xlsx" | "csv") => `/api/reports/committee-contacts/export?format=${format}&${filters}`;
    targets.push(
      {
        key: "committee-xlsx",
        label: `${t("reports:exportCommittee")} (XLSX)`,
        format: "xlsx",
        path: committee("xlsx"),
      },
      { key: "committee-csv", label: `${t("reports:exportCommittee")} (CSV)`, format: "csv", path: committee("csv") },
    );
  }
  const photoLink = `/portal/reports/photo-export?${new URLSearchParams([["photos", PHOTO_KIND[report]], ...filters])}`;

  let body: ReactNode;
  if (data.isPending) body = <PageLoader />;
  else if (data.isError) body = <LoadErrorAlert error={data.error} onRetry={() => void data.refetch()} />;
  else if (data.data.rows.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {t("reports:noRows")}
      </Text>
    );
  else
    body = (
      <ReportTable
        page={data.data}
        sort={state.sort}
        order={state.order}
        onSort={(id) =>
          go({ ...state, sort: id, order: state.sort === id && state.order === "asc" ? "desc" : "asc", page: 1 })
        }
      />
    );

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(`reports:title.${report}`)}
      </Title>
      <ReportFilters state={state} onChange={change} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          {data.data && (
            <ColumnChooser
              columns={data.data.columns}
              selected={state.columns}
              onChange={(columns) => change({ columns })}
            />
          )}
          <Text size="sm" data-testid="report-row-count" aria-live="polite">
            {t("reports:rowCount", { count: total, formatted: number(total) })}
          </Text>
        </Group>
        <Group gap="md">
          {role && rolesFor("messagesSend").includes(role) && total > 0 ? (
            // The report's families, every page (docs/rules/messages.md).
            <Anchor component={Link} to={reportComposePath(report, filters)} size="sm">
              {t("messages:compose.writeToFamilies")}
            </Anchor>
          ) : null}
          <Anchor component={Link} to={photoLink} size="sm">
            {t("reports:photoExport")}
          </Anchor>
        </Group>
      </Group>
      <ExportPanel targets={targets} />
      <Box pos="relative" aria-busy={data.isFetching}>
        {body}
      </Box>
      {total > 0 && (
        <ListPager
          range={t("reports:rowCount", { count: total })}
          total={total}
          page={state.page}
          pageSize={state.pageSize}
          onPage={(page) => go({ ...state, page })}
          onPageSize={(pageSize) => go({ ...state, page: 1, pageSize })}
        />
      )}
    </Stack>
  );
}

export const StudentReportPage = () => <ReportPage report="students" />;
export const RepresentativeReportPage = () => <ReportPage report="representatives" />;
export const AuthorizedPersonsReportPage = () => <ReportPage report="authorizedPersons" />;
