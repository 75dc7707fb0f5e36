import { MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { onFirstInput } from "../lib/first-input.ts";
import { type HostDemand, modalsHost, toastHost } from "../lib/host-demand.ts";
import { i18n } from "../lib/i18n.ts";
import { modalsHostSettled } from "../lib/modals-ready.ts";
import { useBranding } from "../lib/public-config-query.ts";
import { queryClient as browserQueryClient } from "../lib/query-client.ts";
import { accessibleColorsResolver } from "./accessible-colors.ts";
import { buildTheme, lightOnlyColorSchemeManager } from "./theme.ts";

const loadToastHost = () => import("./toast-host.tsx");
const loadModalsHost = () => import("./modals-host.tsx");
// The toasts' frame (Mantine's Notifications, its transitions and styles) is not on the login route
// (docs/web.md "Bundle budget"). If its chunk cannot be downloaded the portal works on without toasts.
const ToastHost = lazy<ComponentType>(() => loadToastHost().catch(() => ({ default: () => null })));
// The confirmation dialogs' frame, likewise; without it `confirm` asks with the browser's dialog.
const ModalsHost = lazy<ComponentType>(() =>
  loadModalsHost().catch(() => {
    modalsHostSettled(false);
    return { default: () => null };
  }),
);

/** `children`, from the first time `host` is needed (lib/host-demand.ts). */
function OnDemand({ host, children }: { host: HostDemand; children: ReactNode }) {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    let live = true;
    void host.needed.then(() => live && setNeeded(true));
    return () => {
      live = false;
    };
  }, [host]);
  return needed ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * The frames no first screen shows. Mounted right after the first screen, their code,
 * first render and style sheets fell in the seconds a slow phone spends making the login usable
 * (Lighthouse counted them as blocking time). Now each mounts at its first toast or confirmation,
 * and their code downloads at the person's first pointer or key press, so it is usually there by
 * then. A failed download is the lazy render's to handle, as before.
 */
function LateHosts() {
  useEffect(
    () =>
      onFirstInput(() => {
        for (const load of [loadToastHost, loadModalsHost]) void load().catch(() => {});
      }),
    [],
  );
  return (
    <>
      <OnDemand host={toastHost}>
        <ToastHost />
      </OnDemand>
      <OnDemand host={modalsHost}>
        <ModalsHost />
      </OnDemand>
    </>
  );
}

/** Mantine themed from the branding read at run time (GET /api/public/config). */
function BrandedUi({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const theme = useMemo(() => buildTheme(branding), [branding]);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      colorSchemeManager={lightOnlyColorSchemeManager}
      cssVariablesResolver={accessibleColorsResolver}
    >
      <LateHosts />
      {children}
    </MantineProvider>
  );
}

/**
 * The app's providers. The browser has one query cache and one i18n instance; a page drawn on the
 * server gets its own of each (ssr/render-page.tsx), so no request sees another's data or language.
 */
export function AppProviders({
  children,
  queryClient = browserQueryClient,
  i18nInstance = i18n,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  i18nInstance?: I18n;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18nInstance}>
        <BrandedUi>{children}</BrandedUi>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
