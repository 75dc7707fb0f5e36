import { Alert, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { PageNav } from "../../components/ui/page-nav.tsx";
import { useCatalog } from "../../lib/catalog-query.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useSession } from "../../lib/session-query.ts";
import { useSyncList } from "./sync-api.ts";
import { SyncBatches } from "./sync-batches.tsx";
import { SyncExportPanel } from "./sync-export-panel.tsx";
import { SyncImportPanel } from "./sync-import-panel.tsx";
import { canManageSync } from "./sync-paths.ts";
import { SyncTable } from "./sync-table.tsx";

const STATES = ["", "pending", "migrated"] as const;
type StateFilter = (typeof STATES)[number];

/**
 * `/portal/sync` (docs/rules/documents.md "Sync with the BUE"): the session year's students for
 * the school's student database — counts, export (which marks them migrated), past batches, import
 * of the BUE's codes, and the list. Consulta reads only. State filter and page live in the URL.
 */
export function SyncPage() {
  const { t } = useTranslation();
  const session = useSession();
  const canManage = canManageSync(session.user?.role);
  const [params, setParams] = useSearchParams();
  const rawState = params.get("state") ?? "";
  const state: StateFilter = (STATES as readonly string[]).includes(rawState) ? (rawState as StateFilter) : "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const list = useSyncList(state, page);
  const levels = useCatalog("levels");
  const levelLabel = (code: string) => levels.data?.find((item) => item.code === code)?.label ?? code;
  const data = list.data;

  const update = (next: { state?: StateFilter; page?: number }) => {
    const nextState = next.state ?? state;
    const search = new URLSearchParams();
    if (nextState) search.set("state", nextState);
    if ((next.page ?? 1) > 1) search.set("page", String(next.page));
    setParams(search);
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("sync"))}
      </Title>
      <Text size="sm">{t("sync:intro")}</Text>
      {list.isPending ? <PageLoader /> : null}
      {list.isError && !data ? <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} /> : null}
      {data ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-label={t("sync:title")}>
            <Paper withBorder p="md">
              <Text size="sm" c="dimmed" id="sync-count-pending">
                {t("sync:counts.toMigrate")}
              </Text>
              <Text size="xl" fw={700} aria-labelledby="sync-count-pending" data-testid="sync-count-pending">
                {data.counts.toMigrate}
              </Text>
            </Paper>
            <Paper withBorder p="md">
              <Text size="sm" c="dimmed" id="sync-count-migrated">
                {t("sync:counts.migrated")}
              </Text>
              <Text size="xl" fw={700} aria-labelledby="sync-count-migrated" data-testid="sync-count-migrated">
                {data.counts.migrated}
              </Text>
            </Paper>
          </SimpleGrid>
          {canManage ? (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
              <SyncExportPanel schoolYearId={data.schoolYearId} toMigrate={data.counts.toMigrate} />
              <SyncImportPanel />
            </SimpleGrid>
          ) : (
            <Alert color="blue">{t("sync:readOnly")}</Alert>
          )}
          <SyncBatches schoolYearId={data.schoolYearId} canManage={canManage} />
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end">
              <NativeSelect
                label={t("sync:state.label")}
                data={STATES.map((value) => ({ value, label: t(`sync:state.${value || "all"}`) }))}
                value={state}
                onChange={(event) => update({ state: event.currentTarget.value as StateFilter, page: 1 })}
              />
            </Group>
            {list.isError ? <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} compact /> : null}
            <SyncTable items={data.items} levelLabel={levelLabel} />
            {data.total > data.pageSize ? (
              <PageNav
                total={Math.ceil(data.total / data.pageSize)}
                value={page}
                onChange={(next) => update({ page: next })}
              />
            ) : null}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}
