import { NavLink } from "@mantine/core";
import type { MenuItem } from "@portal/shared/route-access";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { isMenuItemActive } from "./menu-items.ts";

/** A menu group: a real button that says whether it is expanded, opened when one of its pages is shown. */
function NavGroup({ label, active, children }: { label: string; active: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(active);
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      active={active}
      variant="subtle"
      childrenOffset="md"
    >
      {children}
    </NavLink>
  );
}

/** The vertical menu: the sidebar between 992 and 1399 px, and the drawer below 992 px. */
export function NavMenu({ items, onNavigate }: { items: readonly MenuItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  const leaf = (item: MenuItem) => {
    const active = isMenuItemActive(item, pathname);
    return (
      <NavLink
        key={item.id}
        component={Link}
        to={item.to}
        label={t(routeTitleKey(item.id))}
        active={active}
        aria-current={active ? "page" : undefined}
        onClick={onNavigate}
      />
    );
  };

  return (
    <nav aria-label={t("shell:mainNavigation")} className="portal-nav-menu">
      {items.map((item) =>
        item.children.length > 0 ? (
          <NavGroup key={item.id} label={t(routeTitleKey(item.id))} active={isMenuItemActive(item, pathname)}>
            {item.children.map(leaf)}
          </NavGroup>
        ) : (
          leaf(item)
        ),
      )}
    </nav>
  );
}
