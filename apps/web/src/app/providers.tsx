import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { onFirstInput } from "../lib/first-input.ts";
import { type HostDemand, modalsHost, toastHost } from "../lib/host-demand.ts";
import { i18n } from "../lib/i18n.ts";
import { modalsHostSettled } from "../lib/modals-ready.ts";
import { useBranding } from "../lib/public-config-query.ts";
import { queryClient } from "../lib/query-client.ts";
import { accessibleColorsResolver } from "./accessible-colors.ts";
import { buildTheme, lightOnlyColorSchemeManager } from "./theme.ts";

const loadToastHost = () => import("./toast-host.tsx");
const loadModalsHost = () => import("./modals-host.tsx");
// The toasts' frame (Mantine's Notifications, its transitions and styles) is not on the login route
// (issue #13). If its chunk cannot be downloaded the portal works on without toasts.
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
 * The frames no first screen shows (issue #13). Mounted right after the first screen, their code,
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

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandedUi>{children}</BrandedUi>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
