import type { DrawnPageInput } from "@portal/shared/drawn-page";
import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders } from "../app/providers.tsx";
import { MAINTENANCE_OPEN_PATHS } from "../app/root-layout.tsx";
import { buildRouteObjects, preloadScreenOf } from "../app/router.tsx";
import { schoolYearsQuery } from "../features/auth/api/auth-api.ts";
import { type InitialData, serializeInitialData } from "../lib/initial-data.ts";
import { findRoute } from "../lib/match-route.ts";
import { PUBLIC_CONFIG_QUERY_KEY } from "../lib/public-config-query.ts";
import { routeTitleKey } from "../lib/route-title-key.ts";
import { SESSION_QUERY_KEY } from "../lib/session-query.ts";
import { DRAWN_PAGES } from "./drawn-pages.ts";
import { pageDocument } from "./page-document.ts";
import { pageI18n } from "./page-i18n.ts";

const ORIGIN = "http://portal.invalid";
const handler = createStaticHandler(buildRouteObjects());

/** The drawn page at `pathname`, if it is one of DRAWN_PAGES' addresses. */
function drawnPageAt(pathname: string) {
  const route = findRoute(pathname);
  const page = route?.status === "built" ? DRAWN_PAGES[route.id] : undefined;
  return route && page ? { route, page } : undefined;
}

/**
 * Whether the server draws the page at `pathname` for a signed-out visitor: asked before it
 * gathers the page's data, so any other address costs it no read.
 */
export function drawsPath(pathname: string): boolean {
  return drawnPageAt(pathname) !== undefined;
}

/**
 * The HTML document of a public page drawn with the same components the browser then takes over
 * (docs/web.md "Server-drawn public pages"), or undefined when the address is not one the server
 * draws: another page, a signed-in visitor's, or one that maintenance sends elsewhere. The browser
 * then gets the app's shell as before.
 */
export async function drawPage(input: DrawnPageInput): Promise<string | undefined> {
  const url = new URL(input.url, ORIGIN);
  const drawn = drawnPageAt(url.pathname);
  if (!drawn || input.session.user || input.session.mfa) return undefined;
  const { route, page } = drawn;
  const maintenance = input.session.maintenance || input.publicConfig.maintenance;
  if (maintenance && !MAINTENANCE_OPEN_PATHS.has(url.pathname)) return undefined;

  const [i18n] = await Promise.all([
    pageI18n(input.language, page.namespaces),
    preloadScreenOf(url.pathname, { codeOnly: true }),
  ]);
  const initialData: InitialData = {
    language: input.language,
    queries: [
      [SESSION_QUERY_KEY, input.session],
      [PUBLIC_CONFIG_QUERY_KEY, input.publicConfig],
      [schoolYearsQuery.queryKey, input.schoolYears],
    ],
  };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  for (const [queryKey, data] of initialData.queries) queryClient.setQueryData(queryKey, data);

  const context = await handler.query(new Request(url));
  if (context instanceof Response) return undefined;
  const body = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient} i18nInstance={i18n}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </StrictMode>,
  );
  queryClient.clear();
  return pageDocument({
    language: input.language,
    title: `${i18n.t(routeTitleKey(route.id))} · ${input.publicConfig.branding.schoolName}`,
    body,
    initialData: serializeInitialData(initialData),
    screenFile: page.file,
  });
}
