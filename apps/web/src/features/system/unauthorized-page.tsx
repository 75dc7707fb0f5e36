import { useTranslation } from "react-i18next";
import { SystemMessage } from "../../components/ui/system-message.tsx";
import { HomeButton } from "./home-button.tsx";

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <SystemMessage
      title={t("common:system.unauthorized.title")}
      text={t("common:system.unauthorized.text")}
      actions={<HomeButton />}
    />
  );
}
