import { Alert, AppShell, Drawer, ScrollArea } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { SIGNED_IN_NAMESPACES } from "@portal/i18n/namespaces";
import { BREAKPOINT_MOBILE_PX, BREAKPOINT_WIDE_PX } from "@portal/shared/constants";
import { buildMenu } from "@portal/shared/route-access";
import { APP_ROUTES } from "@portal/shared/routes";
import { type ReactNode, Suspense, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { useBranding } from "../../lib/public-config-query.ts";
import { useSession } from "../../lib/session-query.ts";
import { ScreenErrorBoundary } from "../screen-error-boundary.tsx";
import { HeaderBar } from "./header-bar.tsx";
import { HorizontalMenu } from "./horizontal-menu.tsx";
import { NavMenu } from "./nav-menu.tsx";

const HEADER_ROW = 64;
const MENU_ROW = 48;

/**
 * The application area. Spec 3 layout: from 1400 px the menu sits in the header, from 992 px in a
 * sidebar, below that behind a burger in a drawer.
 */
function useLayoutMode(): "horizontal" | "vertical" | "mobile" {
  const options = { getInitialValueInEffect: false };
  const wide = useMediaQuery(`(min-width: ${BREAKPOINT_WIDE_PX}px)`, true, options);
  const desktop = useMediaQuery(`(min-width: ${BREAKPOINT_MOBILE_PX}px)`, true, options);
  return wide ? "horizontal" : desktop ? "vertical" : "mobile";
}

/**
 * Suspends until the signed-in screens' catalogs are there in the current language (lib/i18n.ts):
 * the chrome shows at once, the screen's place keeps its loader meanwhile.
 */
function SignedInStrings({ children }: { children: ReactNode }) {
  useTranslation(SIGNED_IN_NAMESPACES);
  return children;
}

export function AppShellLayout() {
  const { t } = useTranslation();
  const { user, schoolYear, maintenance } = useSession();
  const { navColor } = useBranding();
  const { pathname } = useLocation();
  const mode = useLayoutMode();
  const [drawerOpened, drawer] = useDisclosure(false);
  const menu = useMemo(() => (user ? buildMenu(APP_ROUTES, user.role) : []), [user]);

  // A drawer left open would cover the next page, and it has no place on a wide screen.
  // Closing on every path or layout change is the point, hence those dependencies.
  useEffect(() => {
    drawer.close();
  }, [pathname, mode]);

  const content = (
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        {user ? (
          <SignedInStrings>
            <Outlet />
          </SignedInStrings>
        ) : (
          <Outlet />
        )}
      </Suspense>
    </ScreenErrorBoundary>
  );
  // No user: the route guard below is about to send the visitor to login; no chrome for them.
  if (!user) return content;

  return (
    <AppShell
      header={{ height: mode === "horizontal" ? HEADER_ROW + MENU_ROW : HEADER_ROW }}
      navbar={mode === "vertical" ? { width: 260, breakpoint: 0 } : undefined}
      padding="md"
    >
      <AppShell.Header className="portal-nav" data-nav={navColor}>
        {/* The first thing a keyboard reaches: past the header and the menu (WCAG 2.4.1). */}
        <a href="#main-content" className="portal-skip-link">
          {t("shell:skipToContent")}
        </a>
        <HeaderBar
          user={user}
          schoolYear={schoolYear}
          burger={mode === "mobile" ? { opened: drawerOpened, toggle: drawer.toggle } : undefined}
        />
        {mode === "horizontal" ? (
          <div className="portal-menu-row">
            <HorizontalMenu items={menu} />
          </div>
        ) : null}
      </AppShell.Header>
      {mode === "vertical" ? (
        <AppShell.Navbar className="portal-nav" data-nav={navColor} p="xs">
          <ScrollArea>
            <NavMenu items={menu} />
          </ScrollArea>
        </AppShell.Navbar>
      ) : null}
      {mode === "mobile" ? (
        <Drawer opened={drawerOpened} onClose={drawer.close} title={t("shell:menu")} size={300}>
          <NavMenu items={menu} onNavigate={drawer.close} />
        </Drawer>
      ) : null}
      <AppShell.Main id="main-content" tabIndex={-1} className="portal-focus-target">
        {maintenance && user.role === "Admin" ? (
          <Alert color="orange" mb="md" role="status">
            {t("shell:maintenanceBanner")}
          </Alert>
        ) : null}
        {content}
      </AppShell.Main>
    </AppShell>
  );
}
