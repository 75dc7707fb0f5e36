import { MultiSelect, NativeSelect, SimpleGrid } from "@mantine/core";
import { REQUEST_STATUSES } from "@portal/shared/request-status";
import { isLevelCode } from "@portal/shared/rules/levels";
import { REQUEST_KINDS, TEST_DATA_MODES } from "@portal/shared/schemas/requests";
import { useTranslation } from "react-i18next";
import { useStatusLabel } from "../../lib/status-texts.ts";
import type { ReportState } from "./report-query.ts";
import { useLevelOptions } from "./reports-api.ts";

/** The back office's request filters above a report; every change goes to the URL (page 1). */
export function ReportFilters({
  state,
  onChange,
}: {
  state: ReportState;
  onChange: (patch: Partial<ReportState>) => void;
}) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const levels = useLevelOptions();
  const levelOptions = [
    { value: "", label: t("inscriptions:filters.allLevels") },
    ...(levels.data ?? []).map((item) => ({ value: item.code, label: item.label })),
  ];
  if (state.level && !levelOptions.some((option) => option.value === state.level)) {
    levelOptions.push({ value: state.level, label: state.level });
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
      <NativeSelect
        label={t("inscriptions:filters.level")}
        data={levelOptions}
        value={state.level ?? ""}
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
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ kind: REQUEST_KINDS.find((kind) => kind === value) ?? null });
        }}
      />
      <NativeSelect
        label={t("inscriptions:filters.testData")}
        data={TEST_DATA_MODES.map((mode) => ({ value: mode, label: t(`inscriptions:filters.testDataMode.${mode}`) }))}
        value={state.testData}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onChange({ testData: TEST_DATA_MODES.find((mode) => mode === chosen) ?? "exclude" });
        }}
      />
    </SimpleGrid>
  );
}
