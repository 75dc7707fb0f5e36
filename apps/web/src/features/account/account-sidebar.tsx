import { Box, List, NavLink, Text } from "@mantine/core";
import { ALL_ROUTES, type ResolvedRoute } from "@portal/shared/route-access";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useSession } from "../../lib/session-query.ts";

const ACCOUNT_ENTRIES = ALL_ROUTES.filter((route) => route.parentId === "account");
const PAGES = ACCOUNT_ENTRIES.filter((route) => !route.hideInRoute && !route.hideInMenu);

/** Unrouted entries grouped by the id segment after "account." (account.notifications.email → notifications). */
function groupUnrouted(routes: readonly ResolvedRoute[]): Map<string, ResolvedRoute[]> {
  const groups = new Map<string, ResolvedRoute[]>();
  for (const route of routes.filter((entry) => entry.hideInRoute)) {
    const groupId = route.id.split(".").slice(0, -1).join(".");
    groups.set(groupId, [...(groups.get(groupId) ?? []), route]);
  }
  return groups;
}
const GROUPS = groupUnrouted(ACCOUNT_ENTRIES);

/**
 * The account area's own menu, from the route table. Spec 2: the notifications group shows
 * e-mail and SMS entries that are not routed, so they are plain text, not links.
 */
export function AccountSidebar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useSession();
  // A page of the area only for some roles ("My data": families) is listed to those roles only.
  const pages = PAGES.filter((route) => user !== null && route.roles.includes(user.role));
  return (
    <Box component="nav" aria-label={t("account:sidebar.label")}>
      {pages.map((route) => (
        <NavLink
          key={route.id}
          component={Link}
          to={route.fullPath}
          label={t(routeTitleKey(route.id))}
          active={pathname === route.fullPath}
          aria-current={pathname === route.fullPath ? "page" : undefined}
        />
      ))}
      {[...GROUPS].map(([groupId, entries]) => (
        <Box key={groupId} mt="md" px="sm">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" id={`${groupId}-title`}>
            {t(routeTitleKey(groupId))}
          </Text>
          <List listStyleType="none" spacing={4} mt={6} aria-labelledby={`${groupId}-title`}>
            {entries.map((entry) => (
              <List.Item key={entry.id}>
                <Text size="sm" c="dimmed" aria-disabled="true">
                  {t(routeTitleKey(entry.id))}
                </Text>
              </List.Item>
            ))}
          </List>
        </Box>
      ))}
    </Box>
  );
}
