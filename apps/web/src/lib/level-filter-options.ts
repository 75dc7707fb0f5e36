/**
 * A level filter's options: "every level" first, then the levels by name (the catalogue in the
 * reader's language, the names every list and report shows). A level read from the URL stays
 * selectable, as its code, while the catalogue loads.
 */
export function levelFilterOptions(
  levels: readonly { code: string; label: string }[] | undefined,
  everyLevel: string,
  selected: string | null,
): { value: string; label: string }[] {
  const options = [{ value: "", label: everyLevel }, ...(levels ?? []).map((l) => ({ value: l.code, label: l.label }))];
  if (selected && !options.some((option) => option.value === selected))
    options.push({ value: selected, label: selected });
  return options;
}
