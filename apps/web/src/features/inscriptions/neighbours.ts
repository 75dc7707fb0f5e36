/**
 * Previous/next on the request detail (the spec's "navigation requests"): the neighbours of a
 * request in the list the secretary came from, read from GET /api/requests with that list's query.
 * Pure: the page fetcher is passed in, so it is unit-tested without a server.
 */

/** One page of the list: the ids in order and the total. */
export interface IdPage {
  ids: number[];
  total: number;
}

export type FetchIdPage = (page: number) => Promise<IdPage>;

export interface Neighbour {
  id: number;
  /** The list page it sits on (the detail's `from` moves there, so "back to list" follows). */
  page: number;
}

export interface Neighbours {
  previous: Neighbour | null;
  next: Neighbour | null;
  /** 1-based place in the list and the list's total, when the request is in it. */
  position: { index: number; total: number } | null;
  /** The page the request was found on (null when it is not in the list any more). */
  page: number | null;
  /** The ids of that page, for the snapshot kept in browser storage. */
  ids: number[];
}

export const NO_NEIGHBOURS: Neighbours = { previous: null, next: null, position: null, page: null, ids: [] };

/**
 * Looks for `id` on `page`, then on the pages either side (a request that changed status makes the
 * following ones move up by one, so the one being opened may have slid to the previous page).
 */
export async function findNeighbours(
  id: number,
  page: number,
  pageSize: number,
  fetch: FetchIdPage,
): Promise<Neighbours> {
  const cache = new Map<number, Promise<IdPage>>();
  const load = (number: number) => {
    let pending = cache.get(number);
    if (!pending) {
      pending = fetch(number);
      cache.set(number, pending);
    }
    return pending;
  };

  const candidates = [page, page - 1, page + 1].filter((number) => number >= 1);
  for (const number of candidates) {
    const current = await load(number);
    const index = current.ids.indexOf(id);
    if (index === -1) {
      // Past the end: the pages after it are empty too.
      if (current.ids.length === 0 && number > page) break;
      continue;
    }
    const lastPage = Math.max(1, Math.ceil(current.total / pageSize));
    let previous: Neighbour | null = index > 0 ? { id: current.ids[index - 1] as number, page: number } : null;
    if (!previous && number > 1) {
      const before = await load(number - 1);
      const last = before.ids.at(-1);
      if (last !== undefined) previous = { id: last, page: number - 1 };
    }
    let next: Neighbour | null =
      index < current.ids.length - 1 ? { id: current.ids[index + 1] as number, page: number } : null;
    if (!next && number < lastPage) {
      const after = await load(number + 1);
      const first = after.ids[0];
      if (first !== undefined) next = { id: first, page: number + 1 };
    }
    return {
      previous,
      next,
      position: { index: (number - 1) * pageSize + index + 1, total: current.total },
      page: number,
      ids: current.ids,
    };
  }
  return NO_NEIGHBOURS;
}

/**
 * Neighbours from a remembered page of ids (browser storage holds ids only, spec 3
 * `navigationRequests`): used when the request has left the live list, typically right after it
 * was accepted and the page reloaded.
 */
export function neighboursInSnapshot(id: number, snapshot: { page: number; ids: number[] } | null): Neighbours {
  if (!snapshot) return NO_NEIGHBOURS;
  const index = snapshot.ids.indexOf(id);
  if (index === -1) return NO_NEIGHBOURS;
  const previous = snapshot.ids[index - 1];
  const next = snapshot.ids[index + 1];
  return {
    previous: previous === undefined ? null : { id: previous, page: snapshot.page },
    next: next === undefined ? null : { id: next, page: snapshot.page },
    position: null,
    page: snapshot.page,
    ids: snapshot.ids,
  };
}
