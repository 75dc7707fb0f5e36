import {
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { rolesFor } from "@portal/shared/permissions";
import type { Role } from "@portal/shared/roles";
import { LEVEL_CODES } from "@portal/shared/rules/levels";
import { HAND_IN_FILTERS } from "@portal/shared/schemas/documents";
import { SIGNING_FILTERS } from "@portal/shared/schemas/signing";
import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ListPager } from "../../components/ui/list-pager.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { useSession } from "../../lib/session-query.ts";
import { useStatusLabel } from "../../lib/status-texts.ts";
import { useDocumentList, useLevelNames } from "./documents-api.ts";
import {
  type DocumentListState,
  parseDocumentListState,
  toDocumentApiQuery,
  writeDocumentListState,
} from "./documents-query.ts";
import { RequestDocumentsDrawer } from "./request-documents.tsx";
import { SigningCell } from "./signing-cell.tsx";
import { ZipButton } from "./zip-button.tsx";

/**
 * `/portal/documents/default`: the year's sent requests with when their documents were
 * sent and are due, the overdue badge and the checklist's state; filters and page in the URL; a
 * request's documents in a drawer; the ZIP of the filtered list. Consulta reads only.
 */
export function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const statusLabel = useStatusLabel();
  const { user } = useSession();
  const canEdit = user ? (rolesFor("documentsManage") as readonly Role[]).includes(user.role) : false;
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseDocumentListState(params), [params]);
  const list = useDocumentList(toDocumentApiQuery(state).toString());
  const levels = useLevelNames();
  const [search, setSearch] = useState(state.q);

  const go = (next: DocumentListState) => setParams(writeDocumentListState(next));
  const update = (patch: Partial<DocumentListState>) => go({ ...state, ...patch, page: 1 });
  const levelLabel = (code: string | null) =>
    code ? (levels.data?.find((level) => level.code === code)?.label ?? code) : "";
  const date = (iso: string) => formatInstant(iso, i18n.language);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() });
  };

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const first = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const last = Math.min(total, first + items.length - 1);

  let body: ReactNode;
  if (list.isPending) body = <PageLoader />;
  else if (list.isError && !list.data) body = <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  else if (items.length === 0)
    body = (
      <Paper withBorder p="xl" data-testid="documents-empty">
        <Text ta="center">{t("documentsPage:empty")}</Text>
      </Paper>
    );
  else
    body = (
      <Box pos="relative" style={{ overflowX: "auto" }}>
        <LoadingOverlay visible={list.isFetching && list.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
        <Table striped highlightOnHover aria-label={t("documentsPage:title")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("documentsPage:columns.code")}</Table.Th>
              <Table.Th>{t("documentsPage:columns.student")}</Table.Th>
              <Table.Th>{t("documentsPage:columns.level")}</Table.Th>
              <Table.Th>{t("documentsPage:columns.status")}</Table.Th>
              <Table.Th>{t("documentsPage:columns.sent")}</Table.Th>
              <Table.Th>{t("documentsPage:columns.due")}</Table.Th>
              <Table.Th>{t("documentsPage:columns.handIn")}</Table.Th>
              <Table.Th>{t("signing:list.column")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              // Done: handed in on paper or signed online by every representative (docs/rules/documents.md "The documents page").
              const done = item.checklist.filter((entry) => entry.received || entry.signedOnline).length;
              const signed = item.checklist.filter((entry) => !entry.received && entry.signedOnline).length;
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-label={t("documentsPage:open", { code: item.code })}
                      onClick={() => go({ ...state, request: item.id })}
                    >
                      {item.code}
                    </Button>
                  </Table.Td>
                  <Table.Td>{item.studentName}</Table.Td>
                  <Table.Td>{levelLabel(item.levelCode)}</Table.Td>
                  <Table.Td>{statusLabel(item.requestStatus)}</Table.Td>
                  <Table.Td>{date(item.sentAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <span>{date(item.dueAt)}</span>
                      {item.overdue ? <Badge color="red">{t("documentsPage:overdue")}</Badge> : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={done === item.checklist.length ? "teal" : undefined}>
                      {t("documentsPage:received", { received: done, total: item.checklist.length })}
                    </Text>
                    {signed > 0 ? (
                      <Text size="xs" c="dimmed">
                        {t("documentsPage:signedCount", { count: signed })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <SigningCell summary={item.signing} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap="xs">
          <Title order={1} size="h2">
            {t("documentsPage:title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("documentsPage:intro", { hours: list.data?.signingHours ?? 2 })}
          </Text>
        </Stack>
        <ZipButton apiQuery={toDocumentApiQuery(state, false).toString()} />
      </Group>
      <Paper withBorder p="md" component="section" aria-label={t("documentsPage:filters.label")}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="md" verticalSpacing="sm">
          <NativeSelect
            label={t("documentsPage:filters.handIn")}
            data={[
              { value: "", label: t("documentsPage:filters.handInAny") },
              ...HAND_IN_FILTERS.map((value) => ({
                value,
                label: t(`documentsPage:filters.handIn${value[0]!.toUpperCase()}${value.slice(1)}`),
              })),
            ]}
            value={state.handIn ?? ""}
            onChange={(event) => {
              const value = event.currentTarget.value;
              update({ handIn: HAND_IN_FILTERS.find((filter) => filter === value) ?? null });
            }}
          />
          <NativeSelect
            label={t("signing:list.filter")}
            data={[
              { value: "", label: t("signing:list.filterAny") },
              ...SIGNING_FILTERS.map((value) => ({ value, label: t(`signing:list.${value}`) })),
            ]}
            value={state.signing ?? ""}
            onChange={(event) => {
              const value = event.currentTarget.value;
              update({ signing: SIGNING_FILTERS.find((filter) => filter === value) ?? null });
            }}
          />
          <NativeSelect
            label={t("documentsPage:filters.level")}
            data={[
              { value: "", label: t("documentsPage:filters.allLevels") },
              ...LEVEL_CODES.map((code) => ({ value: code, label: levelLabel(code) })),
            ]}
            value={state.level ?? ""}
            onChange={(event) => {
              const value = event.currentTarget.value;
              update({ level: LEVEL_CODES.find((code) => code === value) ?? null });
            }}
          />
          <form onSubmit={onSearch}>
            <TextInput
              label={t("documentsPage:filters.search")}
              value={search}
              maxLength={100}
              onChange={(event) => setSearch(event.currentTarget.value)}
              onBlur={() => search.trim() !== state.q && update({ q: search.trim() })}
            />
          </form>
          <Checkbox
            mt={{ md: 28 }}
            label={t("documentsPage:filters.testData")}
            checked={state.testData}
            onChange={(event) => update({ testData: event.currentTarget.checked })}
          />
        </SimpleGrid>
      </Paper>
      {list.isError && list.data ? (
        <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} compact />
      ) : null}
      {body}
      {list.data ? (
        <ListPager
          range={t("documentsPage:range", { from: first, to: last, total })}
          total={total}
          page={state.page}
          pageSize={state.pageSize}
          onPage={(page) => go({ ...state, page })}
          onPageSize={(pageSize) => update({ pageSize })}
        />
      ) : null}
      <RequestDocumentsDrawer
        requestId={state.request}
        canEdit={canEdit}
        onClose={() => go({ ...state, request: null })}
      />
    </Stack>
  );
}
