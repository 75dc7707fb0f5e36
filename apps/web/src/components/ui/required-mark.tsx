/** A red asterisk after a checkbox's label, kept out of its accessible name (spec 2). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" style={{ color: "var(--mantine-color-error)" }}>
      {" *"}
    </span>
  );
}
