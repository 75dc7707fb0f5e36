import { Box, Button, Group, LoadingOverlay, Paper, Stack, Text, Title } from "@mantine/core";
import { rolesFor } from "@portal/shared/permissions";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { ListPager } from "../../components/ui/list-pager.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { useCatalog } from "../../lib/catalog-query.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useSession } from "../../lib/session-query.ts";
import { requestsComposePath } from "../messages/audience-link.ts";
import { BulkStatusChange } from "./bulk-status-change.tsx";
import { CodeElsewhere } from "./code-elsewhere.tsx";
import { canManageRequests } from "./format.ts";
import { ListFilters } from "./list-filters.tsx";
import {
  clearFilters,
  hasFilters,
  type ListState,
  pageRange,
  parseListState,
  sortBy,
  toApiQuery,
  writeListState,
} from "./list-query.ts";
import { RequestListTabs } from "./request-list-tabs.tsx";
import { detailPath, listStatuses, type RequestListId } from "./request-lists.ts";
import { RequestTable } from "./request-table.tsx";
import { useRequestList } from "./requests-api.ts";

/**
 * One screen for every request list (spec 2 Admin area), parameterised by the route's fixed status
 * filter. Filters, sort and page live in the URL query string (docs/rules/staff-workflow.md "Request lists").
 */
export function RequestListPage({ listId }: { listId: RequestListId }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params), [params]);
  const fixedStatuses = listStatuses(listId);
  const apiQuery = toApiQuery(state, fixedStatuses).toString();
  const list = useRequestList(apiQuery);
  const levels = useCatalog("levels");
  const role = session.user?.role ?? null;
  const canManage = canManageRequests(role);

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // A selection belongs to the rows on screen: another page, filter or sort starts afresh.
  useEffect(() => {
    setSelected(new Set());
  }, [apiQuery]);

  const go = (next: ListState) => setParams(writeListState(next));
  const update = (patch: Partial<ListState>) => go({ ...state, ...patch, page: 1 });

  const origin = `${location.pathname}${location.search}`;
  const levelLabel = (code: string) => levels.data?.find((item) => item.code === code)?.label ?? code;
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  let body: ReactNode;
  if (list.isPending) {
    body = <PageLoader />;
  } else if (list.isError && !list.data) {
    body = <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <Paper withBorder p="xl" data-testid="list-empty">
        <Stack gap="sm" align="center" ta="center">
          <Text fw={600}>{total > 0 ? t("inscriptions:list.pastTheEnd") : t("inscriptions:list.empty")}</Text>
          <Text size="sm" c="dimmed">
            {hasFilters(state) ? t("inscriptions:list.emptyFiltered") : t("inscriptions:list.emptyHint")}
          </Text>
          {total > 0 ? (
            <Button variant="light" onClick={() => go({ ...state, page: 1 })}>
              {t("inscriptions:list.firstPage")}
            </Button>
          ) : hasFilters(state) ? (
            <Button variant="light" onClick={() => go(clearFilters(state))}>
              {t("inscriptions:filters.clear")}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Box pos="relative">
        <LoadingOverlay visible={list.isFetching && list.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
        <RequestTable
          items={items}
          state={state}
          onSort={(column) => go(sortBy(state, column))}
          levelLabel={levelLabel}
          detailHref={(id) => detailPath(id, origin)}
          selection={
            canManage
              ? {
                  selected,
                  toggle: (id) =>
                    setSelected((current) => {
                      const next = new Set(current);
                      if (next.has(id)) next.delete(id);
                      else next.add(id);
                      return next;
                    }),
                  toggleAll: (checked) => setSelected(checked ? new Set(items.map((item) => item.id)) : new Set()),
                }
              : undefined
          }
        />
      </Box>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey(listId))}
      </Title>
      <RequestListTabs current={listId} />
      <Paper withBorder p="md">
        <ListFilters
          state={state}
          withStatusFilter={fixedStatuses === null}
          sessionSchoolYearId={session.schoolYear?.id ?? null}
          onChange={update}
          onClear={() => go(clearFilters(state))}
        />
      </Paper>
      {role && rolesFor("messagesSend").includes(role) && total > 0 ? (
        // Everything the list shows with these filters, on every page (docs/rules/messages.md).
        <Group>
          <Button component={Link} variant="light" to={requestsComposePath(new URLSearchParams(apiQuery))}>
            {t("messages:compose.writeToFamilies")}
          </Button>
        </Group>
      ) : null}
      <CodeElsewhere q={state.q} shownYearId={state.schoolYearId ?? session.schoolYear?.id ?? null} />
      {list.isError && list.data ? (
        <LoadErrorAlert compact error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      {canManage && role && list.data ? (
        <BulkStatusChange
          items={items}
          statuses={fixedStatuses}
          selected={selected}
          role={role}
          onChanged={() => setSelected(new Set())}
        />
      ) : null}
      {body}
      {list.data ? (
        <ListPager
          range={t("inscriptions:list.range", pageRange(state.page, state.pageSize, items.length, total))}
          total={total}
          page={state.page}
          pageSize={state.pageSize}
          onPage={(page) => go({ ...state, page })}
          onPageSize={(pageSize) => update({ pageSize })}
        />
      ) : null}
    </Stack>
  );
}

export const AllRequestPage = () => <RequestListPage listId="inscriptions.allRequest" />;
export const WithoutTreatingPage = () => <RequestListPage listId="inscriptions.withoutTreating" />;
export const AcceptedRequestPage = () => <RequestListPage listId="inscriptions.acceptedRequest" />;
export const ValidatedRequestPage = () => <RequestListPage listId="inscriptions.validatedRequest" />;
export const ConfirmedRequestPage = () => <RequestListPage listId="inscriptions.confirmedRequest" />;
export const RefusedRequestPage = () => <RequestListPage listId="inscriptions.refusedRequest" />;
export const DiscontinuedRequestPage = () => <RequestListPage listId="inscriptions.discontinuedRequest" />;
export const InProcessPage = () => <RequestListPage listId="inscriptions.inProcess" />;
