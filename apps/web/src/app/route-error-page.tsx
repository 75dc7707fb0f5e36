import { useRouteError } from "react-router";
import { ErrorFallback } from "./error-fallback.tsx";

/** The router's last resort for an error no screen boundary caught. */
export function RouteErrorPage() {
  const error = useRouteError();
  return <ErrorFallback error={error} />;
}
