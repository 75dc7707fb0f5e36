import { Button, Checkbox, Group, MultiSelect, NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { REQUEST_STATUSES, type RequestStatus } from "@portal/shared/request-status";
import { isLevelCode } from "@portal/shared/rules/levels";
import { MAX_SEARCH_LENGTH, REQUEST_KINDS, TEST_DATA_MODES, type TestDataMode } from "@portal/shared/schemas/requests";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PhoneCollapsibleFilters } from "../../components/ui/phone-collapsible-filters.tsx";
import { useCatalog } from "../../lib/catalog-query.ts";
import { useStatusLabel } from "../../lib/status-texts.ts";
import { useSchoolYears } from "../auth/api/auth-api.ts";
import { activeFilterCount, hasFilters, type ListState } from "./list-query.ts";

/** How long typing pauses before the search runs (and lands in the URL). */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * The search box: typing stays local, the URL (and so the list) follows after a pause or on
 * Enter; a change of the URL from elsewhere (back/forward, clear filters) comes back into the box.
 */
export function SearchField({
  value,
  onSearch,
  hint,
}: {
  value: string;
  onSearch: (q: string) => void;
  /** What the search looks at (default: the request lists' names and documents). */
  hint?: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [debounced] = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS);
  // What the URL holds as far as this field knows: its own pushes do not echo back into the box.
  const known = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (value !== known.current) {
      known.current = value;
      setDraft(value);
    }
  }, [value]);

  const push = (text: string) => {
    const q = text.trim();
    if (q === known.current.trim()) return;
    known.current = q;
    onSearchRef.current(q);
  };
  const pushRef = useRef(push);
  pushRef.current = push;

  useEffect(() => {
    pushRef.current(debounced);
  }, [debounced]);

  return (
    <TextInput
      type="search"
      label={t("inscriptions:filters.search")}
      description={hint ?? t("inscriptions:filters.searchHint")}
      placeholder={t("inscriptions:filters.searchPlaceholder")}
      value={draft}
      maxLength={MAX_SEARCH_LENGTH}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") push(event.currentTarget.value);
      }}
    />
  );
}

/** The school year of a staff list: the one chosen at login unless another is picked (then in the URL). */
export function SchoolYearFilter({
  schoolYearId: chosen,
  sessionSchoolYearId,
  onChange,
}: {
  /** The URL's school year; null: the session's. */
  schoolYearId: number | null;
  sessionSchoolYearId: number | null;
  onChange: (schoolYearId: number | null) => void;
}) {
  const { t } = useTranslation();
  const schoolYears = useSchoolYears();
  const schoolYearId = chosen ?? sessionSchoolYearId;
  const options = (schoolYears.data ?? []).map((year) => ({ value: String(year.id), label: year.label }));
  if (schoolYearId !== null && !options.some((option) => option.value === String(schoolYearId))) {
    options.unshift({ value: String(schoolYearId), label: t("inscriptions:filters.schoolYearLoading") });
  }
  return (
    <NativeSelect
      label={t("inscriptions:filters.schoolYear")}
      data={options}
      value={schoolYearId === null ? "" : String(schoolYearId)}
      onChange={(event) => {
        const id = Number(event.currentTarget.value);
        onChange(id === sessionSchoolYearId ? null : id);
      }}
    />
  );
}

/** Test data (requests of Test-role families): hidden, included, or alone. */
export function TestDataFilter({ value, onChange }: { value: TestDataMode; onChange: (mode: TestDataMode) => void }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t("inscriptions:filters.testData")}
      data={TEST_DATA_MODES.map((mode) => ({ value: mode, label: t(`inscriptions:filters.testDataMode.${mode}`) }))}
      value={value}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        onChange(TEST_DATA_MODES.find((mode) => mode === chosen) ?? "exclude");
      }}
    />
  );
}

interface ListFiltersProps {
  state: ListState;
  /** Whether the list has its own status filter (the all-requests list). */
  withStatusFilter: boolean;
  /** The school year chosen at login, the default of the school year filter. */
  sessionSchoolYearId: number | null;
  onChange: (patch: Partial<ListState>) => void;
  onClear: () => void;
}

/** The filters above a request list: every change goes to the URL and back to page 1. */
export function ListFilters({ state, withStatusFilter, sessionSchoolYearId, onChange, onClear }: ListFiltersProps) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const levels = useCatalog("levels");

  const levelOptions = [
    { value: "", label: t("inscriptions:filters.allLevels") },
    ...(levels.data ?? []).map((item) => ({ value: item.code, label: item.label })),
  ];
  // A level in the URL stays selectable while the catalogue loads.
  if (state.level && !levelOptions.some((option) => option.value === state.level)) {
    levelOptions.push({ value: state.level, label: state.level });
  }

  const active = activeFilterCount(state);
  const moreLabel = active > 0 ? t("inscriptions:filters.more", { count: active }) : t("inscriptions:filters.moreNone");

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
      <SearchField value={state.q} onSearch={(q) => onChange({ q })} />
      <PhoneCollapsibleFilters label={moreLabel}>
        <SchoolYearFilter
          schoolYearId={state.schoolYearId}
          sessionSchoolYearId={sessionSchoolYearId}
          onChange={(schoolYearId) => onChange({ schoolYearId })}
        />
        <NativeSelect
          label={t("inscriptions:filters.level")}
          data={levelOptions}
          value={state.level ?? ""}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ level: isLevelCode(value) ? value : null });
          }}
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
        <TestDataFilter value={state.testData} onChange={(testData) => onChange({ testData })} />
        {withStatusFilter ? (
          <MultiSelect
            label={t("inscriptions:filters.status")}
            placeholder={state.statuses.length === 0 ? t("inscriptions:filters.allStatuses") : undefined}
            data={REQUEST_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
            value={state.statuses}
            onChange={(values) =>
              onChange({ statuses: REQUEST_STATUSES.filter((status: RequestStatus) => values.includes(status)) })
            }
            clearable
          />
        ) : null}
        <Group align="flex-end">
          <Checkbox
            label={t("inscriptions:filters.internalReview")}
            checked={state.internalReview}
            onChange={(event) => onChange({ internalReview: event.currentTarget.checked })}
            pb={8}
          />
        </Group>
      </PhoneCollapsibleFilters>
      {hasFilters(state) ? (
        <Group align="flex-end">
          <Button variant="subtle" onClick={onClear}>
            {t("inscriptions:filters.clear")}
          </Button>
        </Group>
      ) : null}
    </SimpleGrid>
  );
}
