import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button variant="default" onClick={() => void navigate(-1)}>
      {t("common:actions.back")}
    </Button>
  );
}
