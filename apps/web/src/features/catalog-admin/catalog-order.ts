/** The list with the entry at `index` swapped with its neighbour above (-1) or below (+1). */
export function moved<T>(entries: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || target < 0 || target >= entries.length) return [...entries];
  const next = [...entries];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
