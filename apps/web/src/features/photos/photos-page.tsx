import {
  Alert,
  Box,
  Button,
  CloseButton,
  Group,
  LoadingOverlay,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { PhotoListItem, PhotoReviewInput } from "@portal/shared/schemas/photos";
import { PAGE_SIZES, type PageSize, TEST_DATA_MODES } from "@portal/shared/schemas/requests";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { PageNav } from "../../components/ui/page-nav.tsx";
import { type ApiError, hasErrorCode, isApiError } from "../../lib/api-error.ts";
import { useCatalog } from "../../lib/catalog-query.ts";
import { confirm } from "../../lib/confirm.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { SearchField } from "../inscriptions/list-filters.tsx";
import { pageCount } from "../inscriptions/list-query.ts";
import { INSCRIPTIONS_QUERY_KEY } from "../inscriptions/requests-api.ts";
import { PhotoCard } from "./photo-card.tsx";
import {
  PHOTO_FILTERS,
  type PhotoGridState,
  parsePhotoGridState,
  toPhotoApiQuery,
  writePhotoGridState,
} from "./photo-query.ts";
import { PHOTOS_QUERY_KEY, reviewPhoto, usePhotoList } from "./photos-api.ts";
import { RejectPhotoDialog } from "./reject-photo-dialog.tsx";

/** Answers that mean the grid was out of date: shown with the server's message, the grid reloaded. */
const STALE_CODES = ["VERSION_CONFLICT", "REQUEST_IN_PROCESS", "REQUEST_NOT_FOUND", "PHOTO_NOT_FOUND"];

/**
 * `/portal/dashboards/inscriptions/photos`: the school year's student photos as a grid with their
 * photo status (spec 2). Admin and Secretaria approve (after a confirmation) or reject
 * with a reason that asks the family for a new photo; Consulta sees the grid without buttons. The
 * status filter (default: to review), search, test data and page live in the URL.
 */
export function PhotosPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parsePhotoGridState(params), [params]);
  const list = usePhotoList(toPhotoApiQuery(state).toString());
  const levels = useCatalog("levels");
  const [rejecting, setRejecting] = useState<PhotoListItem | null>(null);
  const [stale, setStale] = useState<ApiError | null>(null);

  const go = (next: PhotoGridState) => setParams(writePhotoGridState(next));
  const update = (patch: Partial<PhotoGridState>) => go({ ...state, ...patch, page: 1 });

  const review = useMutation({
    mutationFn: ({ item, body }: { item: PhotoListItem; body: PhotoReviewInput }) => reviewPhoto(item.id, body),
    onMutate: () => setStale(null),
    onSuccess: (saved) => {
      setRejecting(null);
      notifySuccess(t(saved.photoStatus === "rejected" ? "photos:reject.done" : "photos:approve.done"));
      void queryClient.invalidateQueries({ queryKey: PHOTOS_QUERY_KEY });
      // The request lists and details show the photo status (and the version moved).
      void queryClient.invalidateQueries({ queryKey: INSCRIPTIONS_QUERY_KEY });
    },
    onError: (error) => {
      if (hasErrorCode(error, ...STALE_CODES)) {
        setRejecting(null);
        setStale(error);
        void queryClient.invalidateQueries({ queryKey: PHOTOS_QUERY_KEY });
      }
    },
  });

  const approve = async (item: PhotoListItem) => {
    const confirmed = await confirm({
      title: t("photos:approve.title"),
      text: t("photos:approve.text", { student: item.studentName, code: item.code }),
      confirmLabel: t("photos:approve.button"),
      cancelLabel: t("common:actions.cancel"),
    });
    if (confirmed) review.mutate({ item, body: { decision: "approve", expectedVersion: item.version } });
  };
  const startReject = (item: PhotoListItem) => {
    review.reset();
    setStale(null);
    setRejecting(item);
  };

  const levelLabel = (code: string) => levels.data?.find((level) => level.code === code)?.label ?? code;
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const canReview = list.data?.canReview ?? false;
  const first = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const last = Math.min(total, first + items.length - 1);

  let body: ReactNode;
  if (list.isPending) {
    body = <PageLoader />;
  } else if (list.isError && !list.data) {
    body = <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <Paper withBorder p="xl" data-testid="photos-empty">
        <Stack gap="sm" align="center" ta="center">
          <Text fw={600}>{total > 0 ? t("inscriptions:list.pastTheEnd") : t("photos:empty")}</Text>
          {total > 0 ? (
            <Button variant="light" onClick={() => go({ ...state, page: 1 })}>
              {t("inscriptions:list.firstPage")}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t("photos:emptyHint")}
            </Text>
          )}
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Box pos="relative">
        <LoadingOverlay visible={list.isFetching && list.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4, xl: 5 }} spacing="md">
          {items.map((item) => (
            <PhotoCard
              key={item.id}
              item={item}
              levelLabel={levelLabel}
              review={
                canReview
                  ? { onApprove: () => void approve(item), onReject: () => startReject(item), busy: review.isPending }
                  : undefined
              }
            />
          ))}
        </SimpleGrid>
      </Box>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t(routeTitleKey("inscriptions.photos"))}
        </Title>
        <Text size="sm" c="dimmed">
          {canReview || !list.data ? t("photos:intro") : t("photos:readOnly")}
        </Text>
      </Stack>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
          <NativeSelect
            label={t("photos:filters.status")}
            data={PHOTO_FILTERS.map((value) => ({
              value,
              label: value === "all" ? t("photos:filters.all") : t(`photos:status.${value}`),
            }))}
            value={state.photoStatus}
            onChange={(event) => {
              const value = event.currentTarget.value;
              update({ photoStatus: PHOTO_FILTERS.find((filter) => filter === value) ?? "pending" });
            }}
          />
          <SearchField value={state.q} onSearch={(q) => update({ q })} />
          <NativeSelect
            label={t("inscriptions:filters.testData")}
            data={TEST_DATA_MODES.map((mode) => ({
              value: mode,
              label: t(`inscriptions:filters.testDataMode.${mode}`),
            }))}
            value={state.testData}
            onChange={(event) => {
              const value = event.currentTarget.value;
              update({ testData: TEST_DATA_MODES.find((mode) => mode === value) ?? "exclude" });
            }}
          />
        </SimpleGrid>
      </Paper>
      {stale ? (
        <Alert color="red" title={t("photos:staleTitle")} role="alert" data-testid="photos-stale">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{stale.message}</Text>
            <CloseButton aria-label={t("common:actions.cancel")} onClick={() => setStale(null)} />
          </Group>
        </Alert>
      ) : null}
      {review.isError && !stale && !rejecting ? (
        <Alert color="red" title={t("errors:title")} role="alert">
          {isApiError(review.error) ? review.error.message : t("errors:INTERNAL")}
        </Alert>
      ) : null}
      {list.isError && list.data ? (
        <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} compact />
      ) : null}
      {body}
      {list.data ? (
        <Group justify="space-between" gap="md" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="photos-range">
            {t("photos:range", { first, last, total })}
          </Text>
          <Group gap="md" wrap="wrap">
            <NativeSelect
              label={t("inscriptions:list.pageSize")}
              data={PAGE_SIZES.map((size) => String(size))}
              value={String(state.pageSize)}
              onChange={(event) => update({ pageSize: Number(event.currentTarget.value) as PageSize })}
              size="xs"
              style={{ display: "flex", alignItems: "center", gap: 8 }}
            />
            <PageNav
              total={pageCount(total, state.pageSize)}
              value={state.page}
              onChange={(page) => go({ ...state, page })}
            />
          </Group>
        </Group>
      ) : null}
      <RejectPhotoDialog
        key={rejecting?.id ?? "closed"}
        item={rejecting}
        pending={review.isPending}
        error={rejecting ? review.error : null}
        onConfirm={(reason) => {
          if (rejecting) {
            review.mutate({
              item: rejecting,
              body: { decision: "reject", reason, expectedVersion: rejecting.version },
            });
          }
        }}
        onClose={() => setRejecting(null)}
      />
    </Stack>
  );
}
