import {
  Box,
  Button,
  Group,
  LoadingOverlay,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { ROLES, type Role } from "@portal/shared/roles";
import { PAGE_SIZES, type PageSize } from "@portal/shared/schemas/requests";
import { USER_STATES, type UserListItem, type UserState } from "@portal/shared/schemas/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { PageNav } from "../../components/ui/page-nav.tsx";
import { isApiError } from "../../lib/api-error.ts";
import { confirm } from "../../lib/confirm.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useSession } from "../../lib/session-query.ts";
import { notifyError, notifyRecord, notifySuccess } from "../../lib/toasts.ts";
import { InviteDialog } from "./invite-dialog.tsx";
import { userDetailPath } from "./user-paths.ts";
import {
  type AccountAction,
  changeUserRole,
  runAccountAction,
  setUserDeactivated,
  USERS_QUERY_KEY,
  useUserList,
} from "./users-api.ts";
import {
  DEFAULT_USERS_STATE,
  hasUsersFilters,
  parseUsersState,
  sortUsersBy,
  type UsersListState,
  writeUsersState,
} from "./users-query.ts";
import { fullName, UsersTable } from "./users-table.tsx";

type Change = { user: UserListItem; deactivated: boolean } | { user: UserListItem; role: Role };

/**
 * Settings > Users (Admin only): every staff and family account, searched, filtered and
 * paged by the server, the state in the URL like the staff lists. Each change is confirmed first.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseUsersState(params), [params]);
  const list = useUserList(writeUsersState(state).toString());
  const [search, setSearch] = useState(state.q);
  const [inviting, setInviting] = useState(false);

  const go = (next: UsersListState) => setParams(writeUsersState(next));
  const update = (patch: Partial<UsersListState>) => go({ ...state, ...patch, page: 1 });

  // No confirmation: a new link or a lifted throttle takes nothing away from anyone.
  const action = useMutation({
    mutationFn: ({ user, action }: { user: UserListItem; action: AccountAction }) => runAccountAction(user.id, action),
    onSuccess: (_, { action }) =>
      notifySuccess(t(action === "unlock" ? "users:actions.unlocked" : "users:actions.resent")),
    onError: (error) => (isApiError(error) ? notifyError(error.message) : notifyRecord("notUpdated")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });

  const mutation = useMutation({
    mutationFn: async (change: Change): Promise<void> => {
      if ("role" in change) await changeUserRole(change.user.id, change.role);
      else await setUserDeactivated(change.user.id, change.deactivated);
    },
    onSuccess: () => notifyRecord("updated"),
    onError: (error) => (isApiError(error) ? notifyError(error.message) : notifyRecord("notUpdated")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });

  async function ask(change: Change) {
    const name = fullName(change.user);
    const [title, text] =
      "role" in change
        ? [t("users:confirm.roleTitle"), t("users:confirm.roleText", { name, role: t(`users:roles.${change.role}`) })]
        : change.deactivated
          ? [t("users:confirm.deactivateTitle"), t("users:confirm.deactivateText", { name })]
          : [t("users:confirm.reactivateTitle"), t("users:confirm.reactivateText", { name })];
    const ok = await confirm({
      title,
      text,
      confirmLabel: t("users:confirm.confirm"),
      cancelLabel: t("users:confirm.cancel"),
      danger: "deactivated" in change && change.deactivated,
    });
    if (ok) mutation.mutate(change);
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    update({ q: search });
  }

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const filtered = hasUsersFilters(state);
  const from = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t(routeTitleKey("settings.users"))}
        </Title>
        <Button onClick={() => setInviting(true)}>{t("users:invite.open")}</Button>
      </Group>
      <InviteDialog
        opened={inviting}
        onClose={() => setInviting(false)}
        onInvited={() => void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY })}
      />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
          <form onSubmit={submitSearch}>
            <TextInput
              label={t("users:filters.search")}
              description={t("users:filters.searchHint")}
              value={search}
              maxLength={100}
              onChange={(event) => setSearch(event.currentTarget.value)}
              onBlur={() => search !== state.q && update({ q: search })}
            />
          </form>
          <NativeSelect
            label={t("users:filters.role")}
            data={[
              { value: "", label: t("users:filters.any") },
              ...ROLES.map((role) => ({ value: role, label: t(`users:roles.${role}`) })),
            ]}
            value={state.role ?? ""}
            onChange={(event) => update({ role: (event.currentTarget.value || null) as Role | null })}
          />
          <NativeSelect
            label={t("users:filters.state")}
            data={[
              { value: "", label: t("users:filters.any") },
              ...USER_STATES.map((value) => ({ value, label: t(`users:states.${value}`) })),
            ]}
            value={state.state ?? ""}
            onChange={(event) => update({ state: (event.currentTarget.value || null) as UserState | null })}
          />
          {filtered ? (
            <Group align="flex-end">
              <Button
                variant="subtle"
                onClick={() => {
                  setSearch("");
                  go({ ...DEFAULT_USERS_STATE, sort: state.sort, order: state.order, pageSize: state.pageSize });
                }}
              >
                {t("users:filters.clear")}
              </Button>
            </Group>
          ) : null}
        </SimpleGrid>
      </Paper>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError && !list.data ? (
        <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Paper withBorder p="xl" data-testid="list-empty">
          <Text fw={600} ta="center">
            {filtered ? t("users:list.emptyFiltered") : t("users:list.empty")}
          </Text>
        </Paper>
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={list.isFetching && list.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
          <UsersTable
            items={items}
            state={state}
            selfId={session.user?.id ?? null}
            busyId={
              mutation.isPending
                ? (mutation.variables?.user.id ?? null)
                : action.isPending
                  ? (action.variables?.user.id ?? null)
                  : null
            }
            onSort={(column) => go(sortUsersBy(state, column))}
            onRole={(user, role) => void ask({ user, role })}
            onDeactivated={(user, deactivated) => void ask({ user, deactivated })}
            onAction={(user, kind) => action.mutate({ user, action: kind })}
            detailHref={userDetailPath}
          />
        </Box>
      )}
      {list.data ? (
        <Group justify="space-between" gap="md" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="list-range">
            {t("users:list.range", { from, to: from === 0 ? 0 : from + items.length - 1, total })}
          </Text>
          <Group gap="md" wrap="wrap">
            <NativeSelect
              size="xs"
              label={t("users:list.pageSize")}
              data={PAGE_SIZES.map(String)}
              value={String(state.pageSize)}
              onChange={(event) => update({ pageSize: Number(event.currentTarget.value) as PageSize })}
            />
            <PageNav
              total={Math.ceil(total / state.pageSize)}
              value={state.page}
              onChange={(page) => go({ ...state, page })}
            />
          </Group>
        </Group>
      ) : null}
    </Stack>
  );
}
