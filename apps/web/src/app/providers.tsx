import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterFirstScreen } from "../lib/first-screen.ts";
import { i18n } from "../lib/i18n.ts";
import { modalsHostSettled } from "../lib/modals-ready.ts";
import { useBranding } from "../lib/public-config-query.ts";
import { queryClient } from "../lib/query-client.ts";
import { accessibleColorsResolver } from "./accessible-colors.ts";
import { buildTheme, lightOnlyColorSchemeManager } from "./theme.ts";

// The toasts' frame (Mantine's Notifications, its transitions and styles) is not on the login route
// (issue #13). If its chunk cannot be downloaded the portal works on without toasts.
const ToastHost = lazy<ComponentType>(() => import("./toast-host.tsx").catch(() => ({ default: () => null })));
// The confirmation dialogs' frame, likewise; without it `confirm` asks with the browser's dialog.
const ModalsHost = lazy<ComponentType>(() =>
  import("./modals-host.tsx").catch(() => {
    modalsHostSettled(false);
    return { default: () => null };
  }),
);

/** The frames no first screen needs, mounted once it is up and the browser idle (lib/first-screen.ts). */
function LateHosts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstScreen().then(() => live && setWanted(true));
    return () => {
      live = false;
    };
  }, []);
  if (!wanted) return null;
  return (
    <>
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
      <Suspense fallback={null}>
        <ModalsHost />
      </Suspense>
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
