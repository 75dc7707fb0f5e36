import { Button, Group, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { parseListState, toApiQuery } from "./list-query.ts";
import { findNeighbours, type Neighbours, NO_NEIGHBOURS, neighboursInSnapshot } from "./neighbours.ts";
import { listOriginHref } from "./representative-lists.ts";
import { DEFAULT_LIST_ID, detailPath, type ListOrigin, listPath, listStatuses, originAtPage } from "./request-lists.ts";
import { fetchRequestList, neighboursQueryKey } from "./requests-api.ts";

/**
 * Spec 3 `navigationRequests`: the page of ids the secretary is walking, kept in session storage
 * (ids only, never names) so previous/next still work after a reload once the request has left
 * the live list (e.g. it was accepted from the untreated list).
 */
const SNAPSHOT_KEY = "persist:navigationRequests";

interface Snapshot {
  list: string;
  page: number;
  ids: number[];
}

function readSnapshot(list: string): Snapshot | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(SNAPSHOT_KEY) ?? "null") as Partial<Snapshot> | null;
    if (
      value?.list === list &&
      typeof value.page === "number" &&
      Array.isArray(value.ids) &&
      value.ids.every((id) => typeof id === "number")
    ) {
      return { list, page: value.page, ids: value.ids };
    }
  } catch {
    // Unreadable or unavailable storage: no snapshot.
  }
  return null;
}

function writeSnapshot(snapshot: Snapshot): void {
  try {
    sessionStorage.setItem(SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or disabled: previous/next still work from the live list.
  }
}

/** The neighbours of `id` in the list it was opened from (none without a list). */
export function useNeighbours(origin: ListOrigin | null, id: number) {
  return useQuery({
    queryKey: neighboursQueryKey(origin?.href ?? "", id),
    enabled: origin !== null && id > 0,
    // Computed once per visit: a status change on this page must not take the buttons away.
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<Neighbours> => {
      if (!origin) return NO_NEIGHBOURS;
      const state = parseListState(origin.params);
      const fixed = listStatuses(origin.listId);
      const list = originAtPage(origin, 1);
      const found = await findNeighbours(id, state.page, state.pageSize, async (page) => {
        const data = await fetchRequestList(toApiQuery({ ...state, page }, fixed).toString());
        return { ids: data.items.map((item) => item.id), total: data.total };
      });
      if (found.page !== null) {
        writeSnapshot({ list, page: found.page, ids: found.ids });
        return found;
      }
      return neighboursInSnapshot(id, readSnapshot(list));
    },
  });
}

/**
 * "Back to list", previous and next, and where the request sits in that list. Opened from a
 * representatives list, "back" goes to it (previous/next walk request lists only).
 */
export function RequestNavigation({ origin, id }: { origin: ListOrigin | null; id: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const back = listOriginHref(params.get("from")) ?? listPath(DEFAULT_LIST_ID);
  const neighbours = useNeighbours(origin, id);
  const data = neighbours.data ?? NO_NEIGHBOURS;
  const hrefOf = (target: { id: number; page: number } | null) =>
    target && origin ? detailPath(target.id, originAtPage(origin, target.page)) : undefined;
  const previous = hrefOf(data.previous);
  const next = hrefOf(data.next);

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Button component={Link} to={back} variant="subtle" px={0}>
        {t("inscriptions:detail.backToList")}
      </Button>
      {origin ? (
        <Group gap="xs" wrap="nowrap">
          {data.position ? (
            <Text size="sm" c="dimmed" data-testid="list-position">
              {t("inscriptions:detail.position", data.position)}
            </Text>
          ) : null}
          {previous ? (
            <Button component={Link} to={previous} variant="default" size="sm">
              {t("inscriptions:detail.previous")}
            </Button>
          ) : (
            <Button variant="default" size="sm" disabled loading={neighbours.isFetching}>
              {t("inscriptions:detail.previous")}
            </Button>
          )}
          {next ? (
            <Button component={Link} to={next} variant="default" size="sm">
              {t("inscriptions:detail.next")}
            </Button>
          ) : (
            <Button variant="default" size="sm" disabled loading={neighbours.isFetching}>
              {t("inscriptions:detail.next")}
            </Button>
          )}
        </Group>
      ) : null}
    </Group>
  );
}
