/** Full years of age on `on` (both ISO dates, YYYY-MM-DD). */
export function ageInYears(birthDate: string, on: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [y, m, d] = on.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Spec 5: the vaccination booklet PDF is mandatory for new students and students up to 6 years
 * old (not yet 7 on `on`, the day the file is checked); the others keep the one on file.
 */
export function vaccinationBookletRequired(opts: { isNewStudent: boolean; birthDate: string; on: string }): boolean {
  return opts.isNewStudent || ageInYears(opts.birthDate, opts.on) <= 6;
}

/** Plausible bounds for a school child's measurements (height in cm, weight in kg). */
export const HEIGHT_CM = { min: 40, max: 230 } as const;
export const WEIGHT_KG = { min: 2, max: 250 } as const;
