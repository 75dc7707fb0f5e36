import { Avatar, Button, Menu, Text } from "@mantine/core";
import { LANGUAGES } from "@portal/shared/languages";
import { isFamilyRole } from "@portal/shared/roles";
import type { SessionInfo, SessionUser } from "@portal/shared/schemas/responses";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChevronDownIcon } from "../../components/ui/chevron-down-icon.tsx";
import { useLogout } from "../../features/auth/use-logout.ts";
import { useChangeLanguage } from "../../lib/language.ts";
import { SchoolYearMenuItems } from "./school-year-switch.tsx";

function initials(user: SessionUser): string {
  return `${user.names.trim().charAt(0)}${user.firstSurname.trim().charAt(0)}`.toUpperCase() || "?";
}

/** The signed-in user's menu: account page, (staff on a phone) school year, language, logout. */
export function UserMenu({ user, schoolYear }: { user: SessionUser; schoolYear: SessionInfo["schoolYear"] }) {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const logout = useLogout();
  const fullName = `${user.names} ${user.firstSurname}`.trim();
  const current = i18n.resolvedLanguage ?? i18n.language;

  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          // The name starts with the visible text (WCAG 2.5.3 label in name): the person's name.
          aria-label={t("shell:userMenu", { name: fullName })}
          leftSection={
            <Avatar size="sm" color="brand" aria-hidden="true">
              {/* Drawn by CSS (shell.css), not text: axe counts hidden text as visible, and the name would
                  then have to start with the initials (WCAG 2.5.3). */}
              <span className="portal-initials" data-initials={initials(user)} />
            </Avatar>
          }
          rightSection={<ChevronDownIcon />}
          px="xs"
        >
          <Text component="span" size="sm" visibleFrom="sm" truncate="end" maw={180}>
            {fullName}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/portal/account/user">
          {t("shell:account")}
        </Menu.Item>
        <Menu.Divider />
        {schoolYear && !isFamilyRole(user.role) ? <SchoolYearMenuItems current={schoolYear} /> : null}
        <Menu.Label>{t("shell:language")}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            onClick={() => changeLanguage(language.code)}
            rightSection={language.code === current ? <span aria-hidden="true">✓</span> : null}
            fw={language.code === current ? 600 : undefined}
          >
            {language.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void logout()}>
          {t("shell:logout")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
