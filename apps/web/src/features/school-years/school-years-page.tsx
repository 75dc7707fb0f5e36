import { Button, Group, Stack, Text, Title } from "@mantine/core";
import type { WindowKind } from "@portal/shared/rules/school-year-windows";
import type { SchoolYearDetail } from "@portal/shared/schemas/school-years";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { hasErrorCode, isApiError } from "../../lib/api-error.ts";
import { confirm, confirmAction } from "../../lib/confirm.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { notifyError, notifyRecord, notifySuccess } from "../../lib/toasts.ts";
import { CreateYearDialog } from "./create-year-dialog.tsx";
import { EditYearDialog } from "./edit-year-dialog.tsx";
import {
  closeWindowNow,
  deleteSchoolYear,
  makeYearCurrent,
  SCHOOL_YEARS_QUERY_KEY,
  useLevels,
  useSchoolYearDetails,
} from "./school-years-api.ts";
import { WindowDialog } from "./window-dialog.tsx";
import { YearCard } from "./year-card.tsx";

type Action =
  | { kind: "current"; year: SchoolYearDetail }
  | { kind: "delete"; year: SchoolYearDetail }
  | { kind: "close"; year: SchoolYearDetail; window: WindowKind };

/**
 * Settings › School year (Admin only): the years, the current one, each year's two
 * enrollment windows and levels offered. Every change is confirmed or made in a dialog; a year
 * another Admin changed meanwhile (409) reloads with a message.
 */
export function SchoolYearsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const years = useSchoolYearDetails();
  const levels = useLevels();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SchoolYearDetail | null>(null);
  const [windowEdit, setWindowEdit] = useState<{ year: SchoolYearDetail; kind: WindowKind } | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: SCHOOL_YEARS_QUERY_KEY });
    // The login's selector and the staff's year filters read the public list.
    void queryClient.invalidateQueries({ queryKey: ["school-years"] });
  };
  /** A stale version: say so and show the latest data. True when handled. */
  const onConflict = (error: unknown) => {
    if (!hasErrorCode(error, "VERSION_CONFLICT")) return false;
    notifyError(t("schoolYears:done.conflict"));
    refresh();
    return true;
  };

  const action = useMutation({
    mutationFn: async (todo: Action): Promise<void> => {
      if (todo.kind === "current") await makeYearCurrent(todo.year.id);
      else if (todo.kind === "delete") await deleteSchoolYear(todo.year.id);
      else await closeWindowNow(todo.year.id, todo.window);
    },
    onSuccess: (_, todo) => {
      const label = todo.year.label;
      if (todo.kind === "current") notifySuccess(t("schoolYears:done.current", { label }));
      else if (todo.kind === "delete") notifySuccess(t("schoolYears:done.deleted", { label }));
      else notifySuccess(t("schoolYears:window.closedNow"));
    },
    onError: (error) => (isApiError(error) ? notifyError(error.message) : notifyRecord("notUpdated")),
    onSettled: refresh,
  });

  const current = years.data?.find((year) => year.isCurrent);
  const latest = years.data?.reduce<SchoolYearDetail | undefined>(
    (found, year) => (!found || year.startsOn > found.startsOn ? year : found),
    undefined,
  );

  const ask = async (todo: Action) => {
    const label = todo.year.label;
    const ok =
      todo.kind === "delete"
        ? await confirmAction("delete", t("schoolYears:confirm.deleteText"))
        : todo.kind === "current"
          ? await confirm({
              title: t("schoolYears:confirm.currentTitle", { label }),
              text: t("schoolYears:confirm.currentText", { label, previous: current?.label ?? "" }),
            })
          : await confirm({
              title: t("schoolYears:confirm.closeTitle"),
              text: t("schoolYears:confirm.closeText", { label, window: t(`schoolYears:window.${todo.window}`) }),
              danger: true,
            });
    if (ok) action.mutate(todo);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t(routeTitleKey("settings.academicYear"))}
        </Title>
        <Button onClick={() => setCreating(true)} disabled={!years.data}>
          {t("schoolYears:create.button")}
        </Button>
      </Group>
      <Text>{t("schoolYears:intro")}</Text>
      {years.isError ? (
        <LoadErrorAlert error={years.error} onRetry={() => void years.refetch()} />
      ) : !years.data ? (
        <PageLoader />
      ) : years.data.length === 0 ? (
        <Text c="dimmed">{t("schoolYears:list.empty")}</Text>
      ) : (
        <Stack gap="md">
          {years.data.map((year) => (
            <YearCard
              key={year.id}
              year={year}
              levels={levels.data ?? []}
              actions={{
                onEdit: setEditing,
                onEditWindow: (year, kind) => setWindowEdit({ year, kind }),
                onCloseWindow: (year, window) => void ask({ kind: "close", year, window }),
                onMakeCurrent: (year) => void ask({ kind: "current", year }),
                onDelete: (year) => void ask({ kind: "delete", year }),
              }}
            />
          ))}
        </Stack>
      )}
      <CreateYearDialog opened={creating} latest={latest} onClose={() => setCreating(false)} onCreated={refresh} />
      <EditYearDialog
        year={editing}
        levels={levels.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={refresh}
        onConflict={onConflict}
      />
      <WindowDialog
        year={windowEdit?.year ?? null}
        kind={windowEdit?.kind ?? "new"}
        onClose={() => setWindowEdit(null)}
        onSaved={refresh}
        onConflict={onConflict}
      />
    </Stack>
  );
}
