import { Button, Group, Menu } from "@mantine/core";
import type { MenuItem } from "@portal/shared/route-access";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ChevronDownIcon } from "../../components/ui/chevron-down-icon.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { isMenuItemActive } from "./menu-items.ts";

/** The menu inside the header from 1400 px (spec 3 default: horizontal menu). */
export function HorizontalMenu({ items }: { items: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={t("shell:mainNavigation")} gap={4} wrap="wrap" className="portal-nav-menu">
      {items.map((item) => {
        const active = isMenuItemActive(item, pathname);
        const label = t(routeTitleKey(item.id));
        if (item.children.length === 0) {
          return (
            <Button
              key={item.id}
              component={Link}
              to={item.to}
              variant={active ? "light" : "subtle"}
              aria-current={active ? "page" : undefined}
              size="sm"
            >
              {label}
            </Button>
          );
        }
        return (
          <Menu key={item.id} position="bottom-start" shadow="md" withinPortal>
            <Menu.Target>
              <Button variant={active ? "light" : "subtle"} size="sm" rightSection={<ChevronDownIcon />}>
                {label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {item.children.map((child) => {
                const childActive = isMenuItemActive(child, pathname);
                return (
                  <Menu.Item
                    key={child.id}
                    component={Link}
                    to={child.to}
                    aria-current={childActive ? "page" : undefined}
                    fw={childActive ? 600 : undefined}
                  >
                    {t(routeTitleKey(child.id))}
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}
