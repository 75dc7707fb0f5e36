/**
 * The submissions chart's vertical scale: a round top at or above the busiest day (1, 2, 5 × a
 * power of ten), so the grid lines fall on whole numbers, and at least 1 for an empty chart.
 */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

/** Grid values from 0 to `max`: halves when `max` is even, else just 0 and `max`. */
export function gridValues(max: number): number[] {
  return max % 2 === 0 ? [0, max / 2, max] : [0, max];
}

/** The share of `part` in `whole` as a whole percentage (0 when there is no whole). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}
