import { MultiSelect, NativeSelect, SimpleGrid } from "@mantine/core";
import { REQUEST_STATUSES } from "@portal/shared/request-status";
import { isLevelCode } from "@portal/shared/rules/levels";
import { PHOTO_EXPORT_KINDS } from "@portal/shared/schemas/photo-exports";
import { REQUEST_KINDS, TEST_DATA_MODES } from "@portal/shared/schemas/requests";
import { useTranslation } from "react-i18next";
import { useCatalog } from "../../lib/catalog-query.ts";
import { levelFilterOptions } from "../../lib/level-filter-options.ts";
import { useStatusLabel } from "../../lib/status-texts.ts";
import type { PhotoExportState } from "./photo-export-query.ts";

/** Which photos, and the back office's request filters; every change goes to the URL. */
export function PhotoExportFilters({
  state,
  disabled,
  onChange,
}: {
  state: PhotoExportState;
  /** While a download runs: the filters it uses stay as they are. */
  disabled: boolean;
  onChange: (patch: Partial<PhotoExportState>) => void;
}) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const levels = useCatalog("levels");
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
      <NativeSelect
        label={t("photoExport:filters.photos")}
        data={PHOTO_EXPORT_KINDS.map((kind) => ({ value: kind, label: t(`photoExport:kinds.${kind}`) }))}
        value={state.photos}
        disabled={disabled}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ photos: PHOTO_EXPORT_KINDS.find((kind) => kind === value) ?? "students" });
        }}
      />
      <NativeSelect
        label={t("inscriptions:filters.level")}
        data={levelFilterOptions(levels.data, t("inscriptions:filters.allLevels"), state.level)}
        value={state.level ?? ""}
        disabled={disabled}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ level: isLevelCode(value) ? value : null });
        }}
      />
      <MultiSelect
        label={t("inscriptions:filters.status")}
        placeholder={state.statuses.length === 0 ? t("inscriptions:filters.allStatuses") : undefined}
        data={REQUEST_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
        value={state.statuses}
        disabled={disabled}
        onChange={(values) => onChange({ statuses: REQUEST_STATUSES.filter((status) => values.includes(status)) })}
        clearable
      />
      <NativeSelect
        label={t("inscriptions:filters.kind")}
        data={[
          { value: "", label: t("inscriptions:filters.allKinds") },
          ...REQUEST_KINDS.map((kind) => ({ value: kind, label: t(`inscriptions:kind.${kind}`) })),
        ]}
        value={state.kind ?? ""}
        disabled={disabled}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ kind: REQUEST_KINDS.find((kind) => kind === value) ?? null });
        }}
      />
      <NativeSelect
        label={t("inscriptions:filters.testData")}
        data={TEST_DATA_MODES.map((mode) => ({ value: mode, label: t(`inscriptions:filters.testDataMode.${mode}`) }))}
        value={state.testData}
        disabled={disabled}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ testData: TEST_DATA_MODES.find((mode) => mode === value) ?? "exclude" });
        }}
      />
    </SimpleGrid>
  );
}
