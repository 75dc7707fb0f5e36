import { useTranslation } from "react-i18next";

/**
 * The mark of a request whose internal review is requested and not resolved: a small flag with
 * an accessible name (and a tooltip with the same words); the note itself is on the detail.
 */
export function InternalReviewFlag() {
  const { t } = useTranslation();
  const label = t("inscriptions:review.flagged");
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="internal-review-flag"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      style={{ flex: "none", color: "var(--mantine-color-orange-7)" }}
    >
      <title>{label}</title>
      <path d="M3 1.5v13" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M3.8 2h8.7l-2.2 3.2 2.2 3.3H3.8z" fill="currentColor" />
    </svg>
  );
}
