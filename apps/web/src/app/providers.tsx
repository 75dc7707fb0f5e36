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
        {/* At the bottom: at the top they covered the header on phones and the page's own message
            (the congratulations banner after sending), issue #14. */}
        <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="bottom-right" />
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
