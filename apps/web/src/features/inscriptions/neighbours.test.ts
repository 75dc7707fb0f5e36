import { describe, expect, it, vi } from "vitest";
import { type FetchIdPage, findNeighbours, NO_NEIGHBOURS, neighboursInSnapshot } from "./neighbours.ts";

/** A list of `ids` served in pages of `size`, counting the calls. */
function pages(ids: number[], size: number) {
  const fetch = vi.fn<FetchIdPage>(async (page) => ({
    ids: ids.slice((page - 1) * size, page * size),
    total: ids.length,
  }));
  return fetch;
}

describe("previous and next in the list the secretary came from", () => {
  const list = [10, 11, 12, 13, 14, 15, 16];

  it("inside a page, the neighbours are on the same page", async () => {
    const fetch = pages(list, 3);
    await expect(findNeighbours(14, 2, 3, fetch)).resolves.toEqual({
      previous: { id: 13, page: 2 },
      next: { id: 15, page: 2 },
      position: { index: 5, total: 7 },
      page: 2,
      ids: [13, 14, 15],
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("at the edges of a page, it looks at the page before or after", async () => {
    const first = await findNeighbours(13, 2, 3, pages(list, 3));
    expect(first.previous).toEqual({ id: 12, page: 1 });
    expect(first.next).toEqual({ id: 14, page: 2 });
    const last = await findNeighbours(15, 2, 3, pages(list, 3));
    expect(last.next).toEqual({ id: 16, page: 3 });
  });

  it("the first and last of the whole list have one neighbour", async () => {
    const start = await findNeighbours(10, 1, 3, pages(list, 3));
    expect(start.previous).toBeNull();
    expect(start.next).toEqual({ id: 11, page: 1 });
    expect(start.position).toEqual({ index: 1, total: 7 });
    const end = await findNeighbours(16, 3, 3, pages(list, 3));
    expect(end.next).toBeNull();
    expect(end.previous).toEqual({ id: 15, page: 2 });
  });

  it("finds a request that slid to the previous page after another one left the list", async () => {
    // 12 was the first of page 2 (of 3); 11 left the list, so 12 is now the last of page 1.
    const found = await findNeighbours(13, 2, 3, pages([10, 12, 13, 14, 15], 3));
    expect(found.page).toBe(1);
    expect(found.previous).toEqual({ id: 12, page: 1 });
    expect(found.next).toEqual({ id: 14, page: 2 });
  });

  it("answers no neighbours for a request that is not in the list", async () => {
    await expect(findNeighbours(99, 1, 3, pages(list, 3))).resolves.toEqual(NO_NEIGHBOURS);
  });

  it("falls back on the remembered page of ids", () => {
    expect(neighboursInSnapshot(12, { page: 4, ids: [11, 12, 13] })).toMatchObject({
      previous: { id: 11, page: 4 },
      next: { id: 13, page: 4 },
      position: null,
    });
    expect(neighboursInSnapshot(12, { page: 1, ids: [12] })).toMatchObject({ previous: null, next: null });
    expect(neighboursInSnapshot(12, null)).toEqual(NO_NEIGHBOURS);
    expect(neighboursInSnapshot(5, { page: 1, ids: [1, 2] })).toEqual(NO_NEIGHBOURS);
  });
});
