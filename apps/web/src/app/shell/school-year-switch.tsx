import { Menu, NativeSelect } from "@mantine/core";
import type { SessionInfo } from "@portal/shared/schemas/responses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useSchoolYears } from "../../features/auth/api/auth-api.ts";
import { isApiError } from "../../lib/api-error.ts";
import { http } from "../../lib/http.ts";
import { SESSION_QUERY_KEY } from "../../lib/session-query.ts";
import { notifyError } from "../../lib/toasts.ts";
import { changesWithoutOpening } from "./language-switcher.tsx";

/**
 * The staff's selected school year (spec 3 `schoolYearSelected`): stored on the session by the
 * server, so every screen that defaults to "the session's year" follows it. After the switch every
 * screen's data is read again, and a year written in the current page's address (a list's own year
 * filter) is dropped so the page shows the year just chosen.
 */
export function useSwitchSchoolYear() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const mutation = useMutation({
    mutationFn: (schoolYearId: number) => http.put<SessionInfo>("/api/session/school-year", { schoolYearId }),
    onSuccess: (session) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      if (params.has("schoolYearId")) {
        const next = new URLSearchParams(params);
        next.delete("schoolYearId");
        next.delete("page");
        setParams(next, { replace: true });
      }
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    },
    onError: (error) => notifyError(isApiError(error) ? error.message : t("errors:INTERNAL")),
  });
  return { switchTo: (schoolYearId: number) => mutation.mutate(schoolYearId), pending: mutation.isPending };
}

/**
 * The header's year choice for staff: a native select (keyboard and screen readers alike) that,
 * like the language's, changes only on a choice from the opened list, never on a stray arrow key
 * (WCAG 3.2.2): the choice reloads the screen's data.
 */
export function SchoolYearSelect({ current }: { current: NonNullable<SessionInfo["schoolYear"]> }) {
  const { t } = useTranslation();
  const years = useSchoolYears();
  const { switchTo, pending } = useSwitchSchoolYear();
  const options = (years.data ?? []).map((year) => ({ value: String(year.id), label: year.label }));
  if (!options.some((option) => option.value === String(current.id))) {
    options.unshift({ value: String(current.id), label: current.label });
  }
  return (
    <NativeSelect
      aria-label={t("shell:selectedSchoolYear")}
      data={options}
      value={String(current.id)}
      disabled={pending}
      onChange={(event) => {
        const next = Number(event.currentTarget.value);
        if (Number.isInteger(next) && next > 0 && next !== current.id) switchTo(next);
      }}
      onKeyDown={(event) => {
        if (changesWithoutOpening(event)) event.preventDefault();
      }}
      size="xs"
      miw={120}
      data-testid="school-year-switch"
    />
  );
}

/** Below 576 px, where the header has no room for the select: the years in the user menu. */
export function SchoolYearMenuItems({ current }: { current: NonNullable<SessionInfo["schoolYear"]> }) {
  const { t } = useTranslation();
  const years = useSchoolYears();
  const { switchTo } = useSwitchSchoolYear();
  return (
    <>
      <Menu.Label hiddenFrom="xs">{t("shell:selectedSchoolYear")}</Menu.Label>
      {(years.data ?? []).map((year) => (
        <Menu.Item
          key={year.id}
          hiddenFrom="xs"
          onClick={() => {
            if (year.id !== current.id) switchTo(year.id);
          }}
          rightSection={year.id === current.id ? <span aria-hidden="true">✓</span> : null}
          fw={year.id === current.id ? 600 : undefined}
          aria-current={year.id === current.id ? "true" : undefined}
        >
          {year.label}
        </Menu.Item>
      ))}
      <Menu.Divider hiddenFrom="xs" />
    </>
  );
}
