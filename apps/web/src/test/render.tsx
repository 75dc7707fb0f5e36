import { MantineProvider } from "@mantine/core";
import type { SessionInfo } from "@portal/shared/schemas/responses";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { accessibleColorsResolver } from "../app/accessible-colors.ts";
import ModalsHost from "../app/modals-host.tsx";
import { buildTheme, lightOnlyColorSchemeManager } from "../app/theme.ts";
import { i18n } from "../lib/i18n.ts";
import { FALLBACK_BRANDING } from "../lib/public-config-query.ts";
import { SESSION_QUERY_KEY } from "../lib/session-query.ts";

export const SIGNED_OUT: SessionInfo = { user: null, mfa: null, schoolYear: null, language: "es", maintenance: false };

/** GET /api/session for Ana Pérez signed in with `role` (a family by default), working in `language`. */
export function signedInSession(
  language: "es" | "en" | "fr",
  role: NonNullable<SessionInfo["user"]>["role"] = "User",
): SessionInfo {
  return {
    ...SIGNED_OUT,
    language,
    user: {
      id: 7,
      email: "familia@example.org",
      firstSurname: "Pérez",
      secondSurname: "",
      names: "Ana",
      phone: "",
      language,
      role,
      isTestData: false,
    },
  };
}

interface RenderOptions {
  /** The address the memory router opens at. */
  path?: string;
  /** Other screens the component may navigate to: `{ "/next": <p>next</p> }`. */
  routes?: Record<string, ReactNode>;
  /** GET /api/session as the app would hold it (signed out by default). */
  session?: SessionInfo;
  /** The UI language; the real catalogues of `namespaces` are loaded for it first. */
  language?: "es" | "en" | "fr";
  namespaces?: string[];
}

/**
 * A screen inside the app's own providers: Mantine with the app's theme, i18n with the real
 * catalogues (packages/i18n), a fresh query cache holding the session, a memory router, and the
 * confirmation dialogs' host (app/modals-host.tsx) mounted from the start rather than on demand.
 * The network is the test's to stub (fetch-stub.ts). Returns Testing Library's queries and the
 * router, whose `state.location` says where the screen went.
 */
export async function renderScreen(ui: ReactNode, options: RenderOptions = {}) {
  const language = options.language ?? "es";
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(["common", "auth", "errors", "validation", "routes", ...(options.namespaces ?? [])]);
  const queryClient = new QueryClient({
    // Nothing is read again behind the test's back; a failure is shown at once, not retried.
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  queryClient.setQueryData(SESSION_QUERY_KEY, options.session ?? { ...SIGNED_OUT, language });
  const path = options.path ?? "/";
  const router = createMemoryRouter(
    [
      ...Object.entries(options.routes ?? {}).map(([route, element]) => ({ path: route, element })),
      { path: "*", element: ui },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider
          theme={buildTheme(FALLBACK_BRANDING)}
          defaultColorScheme="light"
          // Mantine's test environment: no transitions (a popover is open at once) and no portals.
          env="test"
          colorSchemeManager={lightOnlyColorSchemeManager}
          cssVariablesResolver={accessibleColorsResolver}
        >
          <ModalsHost />
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
