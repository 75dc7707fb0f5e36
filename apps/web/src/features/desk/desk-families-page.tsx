import { Anchor, Box, Button, Group, LoadingOverlay, Stack, Table, Text, Title } from "@mantine/core";
import { type DeskFamilyListItem, deskFamilyListQuerySchema } from "@portal/shared/schemas/desk";
import { DEFAULT_PAGE_SIZE, type PageSize } from "@portal/shared/schemas/requests";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ListPager } from "../../components/ui/list-pager.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { StatusBadge } from "../../components/ui/status-badge.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { fullPathOf } from "../../lib/match-route.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { SearchField } from "../inscriptions/list-filters.tsx";
import { useDeskFamilies } from "./desk-api.ts";
import { familyPath } from "./new-family-page.tsx";

interface ListState {
  q: string;
  page: number;
  pageSize: PageSize;
}

/** The URL's search and page, each dropped when the server would refuse it (a hand-edited URL). */
function stateOf(params: URLSearchParams): ListState {
  const field = <K extends keyof ListState>(key: K, fallback: ListState[K]): ListState[K] => {
    const value = params.get(key);
    if (value === null) return fallback;
    const parsed = deskFamilyListQuerySchema.shape[key].safeParse(value);
    return parsed.success && parsed.data !== undefined ? (parsed.data as ListState[K]) : fallback;
  };
  return { q: field("q", ""), page: field("page", 1), pageSize: field("pageSize", DEFAULT_PAGE_SIZE) };
}

function paramsOf(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.page !== 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  return params;
}

function FamiliesTable({ items }: { items: readonly DeskFamilyListItem[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="xs">
        <Table.Caption>{t("desk:list.caption")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {(["name", "identification", "email", "requests", "created"] as const).map((column) => (
              <Table.Th key={column} scope="col">
                {t(`desk:list.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Anchor component={Link} to={familyPath(item.id)}>
                  {item.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.documentNumber}</Text>
                <Text size="xs" c="dimmed">
                  {item.typeIdentification === 2 ? t("desk:fields.passport") : t("desk:fields.cedula")}
                </Text>
              </Table.Td>
              <Table.Td>{t(`desk:list.emailState.${item.emailState}`)}</Table.Td>
              <Table.Td>
                {item.latestStatus === null ? (
                  <Text size="sm">{t("desk:list.noRequest")}</Text>
                ) : (
                  <Stack gap={4} align="flex-start">
                    <Text size="sm">{t("desk:list.requests", { count: item.requestCount })}</Text>
                    <StatusBadge status={item.latestStatus} size="sm" />
                  </Stack>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatInstant(item.createdAt, i18n.language)}</Text>
                <Text size="xs" c="dimmed">
                  {t("desk:list.createdBy", { who: item.createdBy ?? t("desk:family.someone") })}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * `/portal/desk/families` (Admin, Secretaria): the families created at the desk, newest first, to
 * find one again by its representative's names or identification (docs/rules/staff-workflow.md
 * "Walk-in families"). Search and page live in the URL.
 */
export function DeskFamiliesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = stateOf(params);
  const query = paramsOf(state).toString();
  const list = useDeskFamilies(query);
  const update = (patch: Partial<ListState>) => setParams(paramsOf({ ...state, page: 1, ...patch }));

  const data = list.data;
  let body: ReactNode;
  if (list.isPending) body = <PageLoader />;
  else if (!data) body = <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  else {
    const first = data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
    body = (
      <Stack gap="md">
        {list.isError ? <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} compact /> : null}
        {data.items.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" role="status">
            {state.q ? t("desk:list.emptySearch", { q: state.q }) : t("desk:list.empty")}
          </Text>
        ) : (
          <Box pos="relative">
            <LoadingOverlay visible={list.isPlaceholderData} overlayProps={{ blur: 1 }} />
            <FamiliesTable items={data.items} />
          </Box>
        )}
        <ListPager
          range={t("desk:list.range", {
            first,
            last: first + data.items.length - (first > 0 ? 1 : 0),
            total: data.total,
          })}
          total={data.total}
          page={state.page}
          pageSize={state.pageSize}
          onPage={(page) => update({ page })}
          onPageSize={(pageSize) => update({ pageSize })}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t(routeTitleKey("desk.families"))}
        </Title>
        <Text size="sm">{t("desk:list.intro")}</Text>
      </Stack>
      <Group gap="md" align="flex-end" justify="space-between" wrap="wrap">
        <Box maw={480} style={{ flex: "1 1 280px" }}>
          <SearchField value={state.q} onSearch={(q) => update({ q })} hint={t("desk:list.searchHint")} />
        </Box>
        <Button component={Link} to={fullPathOf("desk.newFamily")} variant="light">
          {t("desk:list.newFamily")}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
