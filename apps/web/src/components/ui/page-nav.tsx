import { Box, Pagination } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * A list's page buttons in a named navigation landmark, every button named: Mantine's first,
 * previous, next and last arrows have no text of their own (axe: button-name).
 */
export function PageNav({
  total,
  value,
  onChange,
}: {
  /** Number of pages (at least 1). */
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t("common:pagination.label")}>
      <Pagination
        total={Math.max(1, total)}
        value={value}
        onChange={onChange}
        size="sm"
        withEdges
        getItemProps={(page) => ({ "aria-label": t("common:pagination.goToPage", { page }) })}
        getControlProps={(control) => ({ "aria-label": t(`common:pagination.${control}`) })}
      />
    </Box>
  );
}
