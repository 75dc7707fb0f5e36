import { Badge, Box, Burger, Group, VisuallyHidden } from "@mantine/core";
import { homePathFor, isFamilyRole } from "@portal/shared/roles";
import type { SessionInfo, SessionUser } from "@portal/shared/schemas/responses";
import { useTranslation } from "react-i18next";
import { BrandMark } from "./brand-mark.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { SchoolYearSelect } from "./school-year-switch.tsx";
import { UserMenu } from "./user-menu.tsx";

interface Props {
  user: SessionUser;
  schoolYear: SessionInfo["schoolYear"];
  /** Only below 992 px, where the menu lives in a drawer. */
  burger?: { opened: boolean; toggle: () => void };
}

/**
 * Top row of the shell: brand, the school year (a family's, chosen at login; the staff's, to
 * switch here, on phones in the user menu), language, user menu.
 */
export function HeaderBar({ user, schoolYear, burger }: Props) {
  const { t } = useTranslation();
  return (
    <Group h={64} px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {burger ? (
          <Burger
            opened={burger.opened}
            onClick={burger.toggle}
            size="sm"
            aria-label={burger.opened ? t("shell:closeMenu") : t("shell:openMenu")}
            aria-expanded={burger.opened}
          />
        ) : null}
        <BrandMark to={homePathFor(user.role)} />
        {schoolYear && !isFamilyRole(user.role) ? (
          <Box visibleFrom="xs" style={{ flexShrink: 0 }}>
            <SchoolYearSelect current={schoolYear} />
          </Box>
        ) : schoolYear ? (
          <Badge variant="light" size="lg" radius="sm" visibleFrom="xs" style={{ flexShrink: 0 }}>
            <VisuallyHidden>{t("shell:schoolYear")} </VisuallyHidden>
            {schoolYear.label}
          </Badge>
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageSwitcher />
        <UserMenu user={user} schoolYear={schoolYear} />
      </Group>
    </Group>
  );
}
