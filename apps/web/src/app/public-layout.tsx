import { Box, Container, Group } from "@mantine/core";
import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { PageLoader } from "../components/ui/page-loader.tsx";
import { ScreenErrorBoundary } from "./screen-error-boundary.tsx";
import { BrandMark } from "./shell/brand-mark.tsx";
import { LanguageSwitcher } from "./shell/language-switcher.tsx";

/** Public and system screens: the school's brand, a language choice, one centred column. */
export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <Box mih="100dvh" className="portal-public">
      <Box component="header" px="md" py="sm" className="portal-public-header">
        <Group justify="space-between" wrap="nowrap">
          <BrandMark to="/" />
          <LanguageSwitcher />
        </Group>
      </Box>
      <Container component="main" size={560} py="xl">
        <ScreenErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </Container>
    </Box>
  );
}
