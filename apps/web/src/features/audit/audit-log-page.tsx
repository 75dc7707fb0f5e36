import { Anchor, Box, Button, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { AUDIT_CSV_MAX_ROWS } from "@portal/shared/schemas/audit";
import { PAGE_SIZES, type PageSize } from "@portal/shared/schemas/requests";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { PageNav } from "../../components/ui/page-nav.tsx";
import { isApiError } from "../../lib/api-error.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { auditCsvUrl, useAuditEvents } from "./audit-api.ts";
import { AuditFilters } from "./audit-filters.tsx";
import { type AuditLogState, exportQuery, parseAuditLogState, writeAuditLogState } from "./audit-query.ts";
import { AuditTable } from "./audit-table.tsx";

const NO_ERRORS: Record<string, string> = {};
const ROLES_PATH = "/portal/dashboards/settings/roles";

/**
 * `/portal/dashboards/settings/audit-log` (Admin): every recorded event, newest first,
 * filtered and paged by the server, the filters in the URL; "Export CSV" downloads the same
 * filters (at most AUDIT_CSV_MAX_ROWS rows). Health data never reaches the page.
 */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseAuditLogState(params), [params]);
  const apiQuery = writeAuditLogState(state).toString();
  const list = useAuditEvents(apiQuery);
  const go = (next: AuditLogState) => setParams(writeAuditLogState(next));

  const refused = isApiError(list.error) && list.error.code === "VALIDATION_ERROR" ? list.error.fields : NO_ERRORS;
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const first = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const last = Math.min(total, first + items.length - 1);
  const number = (value: number) => value.toLocaleString(i18n.language);

  let body: ReactNode;
  if (list.isPending) {
    body = <PageLoader />;
  } else if (list.isError) {
    body = <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {t("audit:log.empty")}
      </Text>
    );
  } else {
    body = <AuditTable items={items} />;
  }

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t(routeTitleKey("settings.auditLog"))}
        </Title>
        <Text size="sm">{t("audit:log.intro")}</Text>
        <Anchor component={Link} to={ROLES_PATH} size="sm">
          {t("audit:log.rolesLink")}
        </Anchor>
      </Stack>
      <AuditFilters state={state} serverErrors={refused} onApply={go} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="audit-range">
          {total === 0
            ? t("audit:log.rangeEmpty")
            : t("audit:log.range", { from: number(first), to: number(last), total: number(total) })}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Text size="xs" c="dimmed" maw={360}>
            {t("audit:log.exportLimit", { max: number(AUDIT_CSV_MAX_ROWS) })}
          </Text>
          <Button component="a" href={auditCsvUrl(exportQuery(state).toString())} download variant="light">
            {t("audit:log.export")}
          </Button>
        </Group>
      </Group>
      <Box pos="relative" aria-busy={list.isFetching}>
        {body}
      </Box>
      {total > 0 && (
        <Group justify="flex-end" gap="md" wrap="wrap">
          <NativeSelect
            label={t("audit:log.pageSize")}
            data={PAGE_SIZES.map((size) => String(size))}
            value={String(state.pageSize)}
            onChange={(e) => go({ ...state, page: 1, pageSize: Number(e.currentTarget.value) as PageSize })}
            size="xs"
            style={{ display: "flex", alignItems: "center", gap: 8 }}
          />
          <PageNav
            total={Math.ceil(total / state.pageSize)}
            value={state.page}
            onChange={(page) => go({ ...state, page })}
          />
        </Group>
      )}
    </Stack>
  );
}
