import { Anchor, Badge, Button, Group, NativeSelect, Table, Text } from "@mantine/core";
import { ROLES, type Role } from "@portal/shared/roles";
import type { UserListItem, UserSort, UserState } from "@portal/shared/schemas/users";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SortableHeader } from "../../components/ui/sortable-header.tsx";
import { formatInstant } from "../../lib/dates.ts";
import type { AccountAction } from "./users-api.ts";
import { effectiveOrder, type UsersListState } from "./users-query.ts";

const STATE_COLORS: Record<UserState, string> = {
  active: "green",
  inactive: "gray",
  notActivated: "yellow",
  locked: "red",
};

interface UsersTableProps {
  items: UserListItem[];
  state: UsersListState;
  /** The signed-in Admin: their own row offers no role change and no deactivation. */
  selfId: number | null;
  busyId: number | null;
  onSort: (column: UserSort) => void;
  onRole: (user: UserListItem, role: Role) => void;
  onDeactivated: (user: UserListItem, deactivated: boolean) => void;
  onAction: (user: UserListItem, action: AccountAction) => void;
  detailHref: (id: number) => string;
}

function formatDateTime(iso: string | null, language: string): string | null {
  return iso ? formatInstant(iso, language) : null;
}

export function fullName(user: Pick<UserListItem, "names" | "surnames">): string {
  return `${user.names} ${user.surnames}`.trim();
}

function SortHeader({
  column,
  state,
  onSort,
}: {
  column: UserSort;
  state: UsersListState;
  onSort: (c: UserSort) => void;
}) {
  const { t } = useTranslation();
  const label = t(`users:columns.${column}`);
  return (
    <SortableHeader
      label={label}
      title={t("users:sortBy", { column: label })}
      active={state.sort === column}
      order={effectiveOrder(state)}
      onSort={() => onSort(column)}
    />
  );
}

/** The accounts of one page, with the Admin's actions on each (role, deactivate / reactivate). */
export function UsersTable({
  items,
  state,
  selfId,
  busyId,
  onSort,
  onRole,
  onDeactivated,
  onAction,
  detailHref,
}: UsersTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="name" state={state} onSort={onSort} />
            <SortHeader column="email" state={state} onSort={onSort} />
            <Table.Th>{t("users:columns.role")}</Table.Th>
            <Table.Th>{t("users:columns.language")}</Table.Th>
            <Table.Th>{t("users:columns.state")}</Table.Th>
            <SortHeader column="createdAt" state={state} onSort={onSort} />
            <SortHeader column="lastLogin" state={state} onSort={onSort} />
            <Table.Th>{t("users:columns.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((user) => {
            const name = fullName(user);
            const self = user.id === selfId;
            const busy = busyId === user.id;
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Anchor component={Link} to={detailHref(user.id)}>
                    {name}
                  </Anchor>{" "}
                  {self ? (
                    <Text span size="sm" c="dimmed">
                      {t("users:actions.you")}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    aria-label={t("users:actions.roleOf", { name })}
                    data={ROLES.map((role) => ({ value: role, label: t(`users:roles.${role}`) }))}
                    value={user.role}
                    disabled={self || busy}
                    onChange={(event) => onRole(user, event.currentTarget.value as Role)}
                    // As wide as its longest role: a crowded table must not cut "Familia de prueba".
                    miw="max-content"
                  />
                </Table.Td>
                <Table.Td>{t(`users:languages.${user.language}`)}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[user.state]} variant="light">
                    {t(`users:states.${user.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(user.createdAt, i18n.language)}</Table.Td>
                <Table.Td>{formatDateTime(user.lastLoginAt, i18n.language) ?? t("users:never")}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {user.state === "notActivated" ? (
                      <Button
                        size="xs"
                        variant="default"
                        loading={busy}
                        aria-label={t("users:actions.resendOf", { name })}
                        onClick={() => onAction(user, "activation-mail")}
                      >
                        {t("users:actions.resend")}
                      </Button>
                    ) : null}
                    {user.state === "locked" ? (
                      <Button
                        size="xs"
                        variant="default"
                        loading={busy}
                        aria-label={t("users:actions.unlockOf", { name })}
                        onClick={() => onAction(user, "unlock")}
                      >
                        {t("users:actions.unlock")}
                      </Button>
                    ) : null}
                    {self ? null : user.state === "inactive" ? (
                      <Button
                        size="xs"
                        variant="light"
                        loading={busy}
                        aria-label={t("users:actions.reactivateOf", { name })}
                        onClick={() => onDeactivated(user, false)}
                      >
                        {t("users:actions.reactivate")}
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        loading={busy}
                        aria-label={t("users:actions.deactivateOf", { name })}
                        onClick={() => onDeactivated(user, true)}
                      >
                        {t("users:actions.deactivate")}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
