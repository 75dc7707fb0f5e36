import { homePathFor } from "@portal/shared/roles";
import { useSession } from "../../lib/session-query.ts";

/** "Home" for the system screens: the role's home when signed in, else the login page. */
export function useHomePath(): { path: string; signedIn: boolean } {
  const { user } = useSession();
  return { path: user ? homePathFor(user.role) : "/login", signedIn: user !== null };
}
