import { FIRST_SCREEN_NAMESPACES } from "@portal/i18n/namespaces";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { PageLoader } from "../components/ui/page-loader.tsx";
import { usePostLoginTarget } from "../features/auth/post-login-target.ts";
import { ServerUnreachable } from "../features/system/server-unreachable.tsx";
import { setHttpHandlers } from "../lib/http.ts";
import { useLanguageSwitch } from "../lib/language.ts";
import { findRoute } from "../lib/match-route.ts";
import { PUBLIC_CONFIG_QUERY_KEY, usePublicConfigQuery } from "../lib/public-config-query.ts";
import { SESSION_QUERY_KEY, useSessionQuery } from "../lib/session-query.ts";
import { useLanguageSync } from "./use-language-sync.ts";

/** Pages a non-Admin may still open in maintenance: the notice, and login so an Admin can sign in. */
export const MAINTENANCE_OPEN_PATHS: ReadonlySet<string> = new Set(["/maintenance", "/login"]);

/** The post-login target is spent once the user has left the public-only pages (login). */
function useSpendPostLoginTarget(pathname: string) {
  useEffect(() => {
    if (findRoute(pathname)?.access !== "publicOnly") usePostLoginTarget.getState().setTarget(null);
  }, [pathname]);
}

function useHttpReactions() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setHttpHandlers({
      // The guards read the refreshed session and send the user to login.
      onUnauthenticated: () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      onMaintenance: () => {
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: PUBLIC_CONFIG_QUERY_KEY });
        void navigate("/maintenance", { replace: true });
      },
    });
  }, [navigate, queryClient]);
}

/**
 * Everything below needs the session (guards, shell, language) and the first screen's strings
 * (lib/i18n.ts: downloaded beside the session, never shown as raw keys), so nothing renders until
 * both are there; then maintenance mode is applied before any route guard.
 */
export function RootLayout() {
  const strings = useTranslation(FIRST_SCREEN_NAMESPACES, { useSuspense: false });
  const session = useSessionQuery();
  const config = usePublicConfigQuery();
  const { pathname } = useLocation();
  useHttpReactions();
  useSpendPostLoginTarget(pathname);
  useLanguageSync(session.data);
  useLanguageSwitch();

  if (!strings.ready) return <PageLoader fullScreen />;
  if (!session.data) {
    if (session.isError) return <ServerUnreachable onRetry={() => void session.refetch()} />;
    return <PageLoader fullScreen />;
  }
  // Branding only styles the page; a broken config endpoint must not lock anyone out.
  if (config.isPending) return <PageLoader fullScreen />;

  const maintenance = session.data.maintenance || Boolean(config.data?.maintenance);
  const isAdmin = session.data.user?.role === "Admin";
  if (maintenance && !isAdmin && !MAINTENANCE_OPEN_PATHS.has(pathname)) {
    return <Navigate to="/maintenance" replace />;
  }
  return <Outlet />;
}
