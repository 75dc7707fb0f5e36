/**
 * Waits until every promise has settled (fulfilled or rejected), or `ms` have passed, whichever is
 * first. Never rejects: what failed is for its owner to report (the first render, app/first-render.ts).
 */
export async function settledWithin(promises: readonly Promise<unknown>[], ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(promises), cap]);
  clearTimeout(timer);
}
