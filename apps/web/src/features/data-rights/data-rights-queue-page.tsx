import { Anchor, Group, NativeSelect, Stack, Table, Text, Title } from "@mantine/core";
import { DATA_RIGHTS_KINDS, DATA_RIGHTS_STATES, type StaffDataRightsRequest } from "@portal/shared/schemas/data-rights";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatDay, formatInstantDay } from "../../lib/dates.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useDataRightsQueue } from "./data-rights-api.ts";
import { DaysLeft } from "./days-left.tsx";

export const DATA_RIGHTS_REQUEST_PATH = "/portal/data-rights-requests/request";

/** Keeps only the filters the server knows: a hand-edited URL never sends a refused query. */
function filtersOf(params: URLSearchParams): { state: string; kind: string } {
  const state = params.get("state") ?? "";
  const kind = params.get("kind") ?? "";
  return {
    state: (DATA_RIGHTS_STATES as readonly string[]).includes(state) ? state : "",
    kind: (DATA_RIGHTS_KINDS as readonly string[]).includes(kind) ? kind : "",
  };
}

function QueueTable({ items }: { items: readonly StaffDataRightsRequest[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="xs" aria-label={t(routeTitleKey("dataRights.queue"))}>
        <Table.Thead>
          <Table.Tr>
            {(["id", "kind", "about", "filedBy", "filedAt", "deadline", "state"] as const).map((column) => (
              <Table.Th key={column} scope="col">
                {t(`dataRights:queue.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`${DATA_RIGHTS_REQUEST_PATH}/${item.id}`}
                  aria-label={t("dataRights:queue.open", { id: item.id })}
                >
                  {item.id}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(`dataRights:kinds.${item.kind}`)}</Table.Td>
              <Table.Td>{item.studentName ?? t("dataRights:family.aboutFamily")}</Table.Td>
              <Table.Td>
                <Text size="sm">{item.filedBy?.name}</Text>
                <Text size="xs" c="dimmed">
                  {item.filedBy?.email}
                </Text>
              </Table.Td>
              <Table.Td>{formatInstantDay(item.filedAt, i18n.language)}</Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Text size="sm">{formatDay(item.deadline, i18n.language)}</Text>
                  <DaysLeft daysLeft={item.daysLeft} state={item.state} />
                </Stack>
              </Table.Td>
              <Table.Td>{t(`dataRights:states.${item.state}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /portal/data-rights-requests/queue (Secretaria, Admin): every family's data-rights request,
 * oldest deadline first, with the days left; filters by state and right, kept in the URL.
 */
export function DataRightsQueuePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== "")).toString();
  const queue = useDataRightsQueue(query);
  const setFilter = (name: "state" | "kind", value: string) => {
    const next = { ...filters, [name]: value };
    setParams(new URLSearchParams(Object.entries(next).filter(([, v]) => v !== "")));
  };

  let body: ReactNode;
  if (queue.isPending) body = <PageLoader />;
  else if (queue.isError) body = <LoadErrorAlert error={queue.error} onRetry={() => void queue.refetch()} />;
  else if (queue.data.items.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {t("dataRights:queue.empty")}
      </Text>
    );
  } else body = <QueueTable items={queue.data.items} />;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t(routeTitleKey("dataRights.queue"))}
        </Title>
        <Text size="sm">{t("dataRights:queue.intro")}</Text>
      </Stack>
      <Group gap="md" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t("dataRights:queue.state")}
          value={filters.state}
          onChange={(event) => setFilter("state", event.currentTarget.value)}
          data={[
            { value: "", label: t("dataRights:queue.any") },
            ...DATA_RIGHTS_STATES.map((value) => ({ value, label: t(`dataRights:states.${value}`) })),
          ]}
        />
        <NativeSelect
          label={t("dataRights:queue.kind")}
          value={filters.kind}
          onChange={(event) => setFilter("kind", event.currentTarget.value)}
          data={[
            { value: "", label: t("dataRights:queue.any") },
            ...DATA_RIGHTS_KINDS.map((value) => ({ value, label: t(`dataRights:kinds.${value}`) })),
          ]}
        />
      </Group>
      {body}
    </Stack>
  );
}
