import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/Notification.layer.css";
import "@mantine/notifications/styles.layer.css";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { TOAST_AUTO_CLOSE_MS } from "@portal/shared/constants";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../lib/i18n.ts";
import { useBranding } from "../lib/public-config-query.ts";
import { queryClient } from "../lib/query-client.ts";
import { accessibleColorsResolver } from "./accessible-colors.ts";
import { buildTheme, lightOnlyColorSchemeManager } from "./theme.ts";

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
      <ModalsProvider>
        {/* Top right, below the header (shell.css): at the top they covered the header on phones
            (issue #14). Not at the bottom: there they covered the forms' save buttons, and a
            pointer resting on a toast keeps it open. */}
        <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" className="portal-toasts" />
        {children}
      </ModalsProvider>
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
