import { Center, Loader, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The spinner shown while a screen or the session loads (spec 2). */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  // No suspense: the loader also shows while the first catalogs download (app/root-layout.tsx).
  const { t, ready } = useTranslation("common", { useSuspense: false });
  return (
    <Center mih={fullScreen ? "100dvh" : 240} role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{ready ? t("common:loading") : null}</VisuallyHidden>
    </Center>
  );
}
