import { decideAccess, type ResolvedRoute } from "@portal/shared/route-access";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router";
import { usePostLoginTarget } from "../features/auth/post-login-target.ts";
import { useBranding } from "../lib/public-config-query.ts";
import { routeTitleKey } from "../lib/route-title-key.ts";
import { useSession } from "../lib/session-query.ts";

/**
 * Sends the user on to the page chosen at login. The target is cleared by the root layout once the
 * new page is shown: clearing it here would let this guard, still on /login, fall back to
 * invalid-access before the navigation lands.
 */
function PostLoginRedirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

function useDocumentTitle(routeId: string) {
  const { t, i18n } = useTranslation();
  const { schoolName } = useBranding();
  useEffect(() => {
    document.title = `${t(routeTitleKey(routeId))} · ${schoolName}`;
  }, [routeId, schoolName, t, i18n.language]);
}

/** Spec 2 route protection, exactly as decideAccess (packages/shared/src/route-access.ts) rules. */
export function RouteGuard({ route, children }: { route: ResolvedRoute; children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const postLoginTarget = usePostLoginTarget((state) => state.target);
  const decision =
    // A protected route no role may open (empty intersection) is closed to everyone, signed in or not.
    route.access === "protected" && route.roles.length === 0 ? "unauthorized" : decideAccess(route, user?.role ?? null);
  useDocumentTitle(route.id);

  switch (decision) {
    case "login":
      return (
        <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />
      );
    case "unauthorized":
      return <Navigate to="/unauthorized" replace />;
    case "invalidAccess":
      return postLoginTarget ? <PostLoginRedirect to={postLoginTarget} /> : <Navigate to="/invalid-access" replace />;
    default:
      return <>{children}</>;
  }
}
