import {
  Alert,
  Box,
  Group,
  LoadingOverlay,
  MultiSelect,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { REQUEST_STATUSES, type RequestStatus } from "@portal/shared/request-status";
import { isLevelCode } from "@portal/shared/rules/levels";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ListPager } from "../../components/ui/list-pager.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { useCatalog } from "../../lib/catalog-query.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useStatusLabel } from "../../lib/status-texts.ts";
import {
  type MedicalViewState,
  parseMedicalState,
  toMedicalApiQuery,
  toMedicalPdfQuery,
  writeMedicalState,
} from "./medical-query.ts";
import { MedicalRecordCard } from "./medical-record-card.tsx";
import { useMedicalRecords } from "./medical-records-api.ts";
import { PrintPdfButton } from "./print-pdf-button.tsx";

/**
 * `/portal/medical-records`: the school year's medical records by level, one card per
 * student, for Admin, Secretaria and Consulta. The level comes first (nothing is read before one is
 * chosen); filters and page live in the URL; the level's PDF is downloaded, never stored.
 */
export function MedicalRecordsPage() {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const levels = useCatalog("levels");
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseMedicalState(params), [params]);
  const list = useMedicalRecords(toMedicalApiQuery(state), state.level !== null);

  const update = (patch: Partial<MedicalViewState>) => {
    const page = "page" in patch ? (patch.page ?? 1) : 1;
    setParams(writeMedicalState({ ...state, ...patch, page }));
  };

  const levelOptions = [
    { value: "", label: t("medicalRecords:filters.chooseLevel") },
    ...(levels.data ?? []).map((item) => ({ value: item.code, label: item.label })),
  ];
  if (state.level && !levelOptions.some((option) => option.value === state.level)) {
    levelOptions.push({ value: state.level, label: state.level });
  }
  const data = list.data;
  const from = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? from + data.items.length - (data.items.length > 0 ? 1 : 0) : 0;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("medicalRecords"))}
      </Title>
      <Text size="sm">{t("medicalRecords:intro")}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        <NativeSelect
          label={t("medicalRecords:filters.level")}
          data={levelOptions}
          value={state.level ?? ""}
          onChange={(event) => {
            const value = event.currentTarget.value;
            update({ level: isLevelCode(value) ? value : null });
          }}
        />
        <MultiSelect
          label={t("medicalRecords:filters.status")}
          placeholder={state.statuses.length === 0 ? t("medicalRecords:filters.defaultStatuses") : undefined}
          data={REQUEST_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
          value={state.statuses}
          onChange={(values) =>
            update({ statuses: REQUEST_STATUSES.filter((status: RequestStatus) => values.includes(status)) })
          }
          clearable
        />
        <Group align="flex-end">
          <PrintPdfButton query={toMedicalPdfQuery(state)} level={state.level} />
        </Group>
      </SimpleGrid>

      {state.level === null ? (
        <Alert color="blue" data-testid="medical-pick-level">
          {t("medicalRecords:pickLevel")}
        </Alert>
      ) : list.isPending ? (
        <PageLoader />
      ) : list.isError && !data ? (
        <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : data ? (
        <Stack gap="md">
          {list.isError ? <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} compact /> : null}
          {data.items.length === 0 ? (
            <Text c="dimmed" role="status" data-testid="medical-empty">
              {t("medicalRecords:empty")}
            </Text>
          ) : (
            <Box pos="relative" component="section" aria-label={t("medicalRecords:students")}>
              <LoadingOverlay visible={list.isPlaceholderData} overlayProps={{ blur: 1 }} />
              <Stack gap="md">
                {data.items.map((row) => (
                  <MedicalRecordCard key={row.requestId} row={row} />
                ))}
              </Stack>
            </Box>
          )}
          <ListPager
            range={t("medicalRecords:range", { from, to, total: data.total })}
            total={data.total}
            page={state.page}
            pageSize={state.pageSize}
            onPage={(page) => update({ page })}
            onPageSize={(pageSize) => update({ pageSize })}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
