import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useHomePath } from "./use-home-path.ts";

export function HomeButton() {
  const { t } = useTranslation();
  const home = useHomePath();
  return (
    <Button component={Link} to={home.path}>
      {home.signedIn ? t("common:actions.goHome") : t("common:actions.goToLogin")}
    </Button>
  );
}
