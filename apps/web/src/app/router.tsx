import { APP_BASE } from "@portal/shared/constants";
import { ALL_ROUTES, type ResolvedRoute } from "@portal/shared/route-access";
import { Suspense } from "react";
import { Navigate, type RouteObject } from "react-router";
import { PageLoader } from "../components/ui/page-loader.tsx";
import { findRoute } from "../lib/match-route.ts";
import { HomeRedirect } from "./home-redirect.tsx";
import { lazyScreen } from "./lazy-screen.ts";
import { PublicLayout } from "./public-layout.tsx";
import { RootLayout } from "./root-layout.tsx";
import { RouteErrorPage } from "./route-error-page.tsx";
import { RouteGuard } from "./route-guard.tsx";
import { PlannedScreen, SCREENS, WizardFrame } from "./screens.ts";

// The signed-in frame (AppShell, menus, drawer, user menu) downloads with the first signed-in
// screen, not with /login (docs/web.md "Bundle budget").
const AppShellLayout = lazyScreen(() => import("./shell/app-shell-layout.tsx").then((m) => m.AppShellLayout));

/**
 * Starts downloading the screen an address opens (with the signed-in frame and the wizard's frame
 * when it needs them) while the session is being checked, instead of once it is known: a round
 * trip less before the first screen on a phone network. If the session sends the user
 * elsewhere, that screen loads as usual and the early download is merely unused. Settles, never
 * rejects, once the downloads are done or have failed (a failure is the render's to show).
 * `codeOnly`: the server drawing a page, which has the screen's data already (LazyScreen.preloadCode).
 */
export function preloadScreenOf(pathname: string, { codeOnly = false } = {}): Promise<unknown> {
  const route = findRoute(pathname);
  if (route?.status !== "built") return Promise.resolve();
  const screen = SCREENS[route.id];
  return Promise.all([
    codeOnly ? screen?.preloadCode() : screen?.preload(),
    route.id.startsWith("wizard.") && WizardFrame.preload(),
    isAppRoute(route) && AppShellLayout.preload(),
  ]);
}

function screenFor(route: ResolvedRoute) {
  const Screen = route.status === "built" ? SCREENS[route.id] : undefined;
  // A route marked built without a screen yet still gets an honest page instead of a blank one.
  const screen = Screen ? <Screen /> : <PlannedScreen routeId={route.id} />;
  // Every enrollment wizard step, built or planned, shows inside the wizard's frame.
  return route.id.startsWith("wizard.") ? <WizardFrame routeId={route.id}>{screen}</WizardFrame> : screen;
}

/** One router entry per routed node of the shared table: groups redirect, screens are guarded. */
export function toRouteObject(route: ResolvedRoute): RouteObject | null {
  if (route.hideInRoute) return null;
  if (route.status === "group") {
    if (!route.defaultChild) return null;
    return { path: route.fullPath, element: <Navigate to={`${route.fullPath}/${route.defaultChild}`} replace /> };
  }
  return {
    path: route.fullPath,
    element: <RouteGuard route={route}>{screenFor(route)}</RouteGuard>,
  };
}

const isAppRoute = (route: ResolvedRoute) => route.fullPath.startsWith(`${APP_BASE}/`);
const toObjects = (routes: readonly ResolvedRoute[]) =>
  routes.map(toRouteObject).filter((route): route is RouteObject => route !== null);

export function buildRouteObjects(routes: readonly ResolvedRoute[] = ALL_ROUTES): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        // Spec 2: the root leads to login (a signed-in user goes straight to their home).
        { path: "/", element: <HomeRedirect /> },
        { path: APP_BASE, element: <HomeRedirect /> },
        { element: <PublicLayout />, children: toObjects(routes.filter((route) => !isAppRoute(route))) },
        {
          element: (
            <Suspense fallback={<PageLoader />}>
              <AppShellLayout />
            </Suspense>
          ),
          children: toObjects(routes.filter(isAppRoute)),
        },
        { path: "*", element: <Navigate to="/page-not-found" replace /> },
      ],
    },
  ];
}
