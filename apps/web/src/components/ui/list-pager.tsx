import { Group, NativeSelect, Text } from "@mantine/core";
import { PAGE_SIZES, type PageSize } from "@portal/shared/schemas/requests";
import { useTranslation } from "react-i18next";
import { PageNav } from "./page-nav.tsx";

interface ListPagerProps {
  /** What the list shows, e.g. "1–25 of 240 requests" (announced politely on change). */
  range: string;
  total: number;
  page: number;
  pageSize: PageSize;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
}

const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * Under a staff list: the rows shown, the page size and the pages (server-side pagination). Used by
 * the inscriptions lists and the documents list.
 */
export function ListPager({ range, total, page, pageSize, onPage, onPageSize }: ListPagerProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="list-range">
        {range}
      </Text>
      <Group gap="md" wrap="wrap">
        <NativeSelect
          label={t("inscriptions:list.pageSize")}
          data={PAGE_SIZES.map((size) => String(size))}
          value={String(pageSize)}
          onChange={(event) => onPageSize(Number(event.currentTarget.value) as PageSize)}
          size="xs"
          style={{ display: "flex", alignItems: "center", gap: 8 }}
        />
        <PageNav total={pageCount(total, pageSize)} value={page} onChange={onPage} />
      </Group>
    </Group>
  );
}
