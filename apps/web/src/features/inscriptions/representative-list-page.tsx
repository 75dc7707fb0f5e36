import { Box, Button, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { ListPager } from "../../components/ui/list-pager.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { useCatalog } from "../../lib/catalog-query.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useSession } from "../../lib/session-query.ts";
import { SchoolYearFilter, SearchField, TestDataFilter } from "./list-filters.tsx";
import { pageRange, sortBy } from "./list-query.ts";
import {
  clearRepresentativeFilters,
  hasRepresentativeFilters,
  parseRepresentativeState,
  type RepresentativeListId,
  type RepresentativeListState,
  representativeListType,
  toRepresentativeApiQuery,
  writeRepresentativeState,
} from "./representative-lists.ts";
import { RepresentativeTable } from "./representative-table.tsx";
import { detailPath } from "./request-lists.ts";
import { useRepresentativeList } from "./requests-api.ts";

/**
 * One screen for the three representatives lists (spec 2: all legal representatives, first and
 * second representatives), each route with its fixed type. Like the request lists, the search,
 * test data, school year, sort and page live in the URL; the server pages and sorts. Read-only for
 * every role (the people are edited on the request's module pages).
 */
export function RepresentativeListPage({ listId }: { listId: RepresentativeListId }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseRepresentativeState(params), [params]);
  const type = representativeListType(listId);
  const list = useRepresentativeList(toRepresentativeApiQuery(state, type).toString());
  const relationships = useCatalog("relationships");

  const go = (next: RepresentativeListState) => setParams(writeRepresentativeState(next));
  const update = (patch: Partial<RepresentativeListState>) => go({ ...state, ...patch, page: 1 });
  const origin = `${location.pathname}${location.search}`;
  const relationshipLabel = (code: string) => relationships.data?.find((item) => item.code === code)?.label ?? code;
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const filtered = hasRepresentativeFilters(state);

  let body: ReactNode;
  if (list.isPending) {
    body = <PageLoader />;
  } else if (list.isError && !list.data) {
    body = <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <Paper withBorder p="xl" data-testid="list-empty">
        <Stack gap="sm" align="center" ta="center">
          <Text fw={600}>
            {total > 0 ? t("inscriptions:list.pastTheEnd") : t("inscriptions:representatives.list.empty")}
          </Text>
          <Text size="sm" c="dimmed">
            {filtered ? t("inscriptions:representatives.list.emptyFiltered") : t("inscriptions:list.emptyHint")}
          </Text>
          {total > 0 ? (
            <Button variant="light" onClick={() => go({ ...state, page: 1 })}>
              {t("inscriptions:list.firstPage")}
            </Button>
          ) : filtered ? (
            <Button variant="light" onClick={() => go(clearRepresentativeFilters(state))}>
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
        <RepresentativeTable
          items={items}
          state={state}
          onSort={(column) => go(sortBy(state, column))}
          withType={type === "all"}
          relationshipLabel={relationshipLabel}
          detailHref={(id) => detailPath(id, origin)}
        />
      </Box>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey(listId))}
      </Title>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
          <SearchField
            value={state.q}
            onSearch={(q) => update({ q })}
            hint={t("inscriptions:representatives.searchHint")}
          />
          <SchoolYearFilter
            schoolYearId={state.schoolYearId}
            sessionSchoolYearId={session.schoolYear?.id ?? null}
            onChange={(schoolYearId) => update({ schoolYearId })}
          />
          <TestDataFilter value={state.testData} onChange={(testData) => update({ testData })} />
          {filtered ? (
            <Group align="flex-end">
              <Button variant="subtle" onClick={() => go(clearRepresentativeFilters(state))}>
                {t("inscriptions:filters.clear")}
              </Button>
            </Group>
          ) : null}
        </SimpleGrid>
      </Paper>
      {list.isError && list.data ? (
        <LoadErrorAlert compact error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      {body}
      {list.data ? (
        <ListPager
          range={t(
            "inscriptions:representatives.list.range",
            pageRange(state.page, state.pageSize, items.length, total),
          )}
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

export const LegalRepresentativesPage = () => <RepresentativeListPage listId="inscriptions.legalRepresentatives" />;
export const FirstRepresentativesPage = () => <RepresentativeListPage listId="inscriptions.firstRepresentatives" />;
export const SecondRepresentativesPage = () => <RepresentativeListPage listId="inscriptions.secondRepresentatives" />;
