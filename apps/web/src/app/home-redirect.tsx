import { homePathFor } from "@portal/shared/roles";
import { Navigate } from "react-router";
import { useSession } from "../lib/session-query.ts";

/** The portal's entry points: login for visitors, the role's home once signed in. */
export function HomeRedirect() {
  const { user } = useSession();
  return <Navigate to={user ? homePathFor(user.role) : "/login"} replace />;
}
