import { useTranslation } from "react-i18next";
import { SystemMessage } from "../../components/ui/system-message.tsx";
import { HomeButton } from "./home-button.tsx";

/** A signed-in user opened a page meant for visitors only (login, register…). */
export function InvalidAccessPage() {
  const { t } = useTranslation();
  return (
    <SystemMessage
      title={t("common:system.invalidAccess.title")}
      text={t("common:system.invalidAccess.text")}
      actions={<HomeButton />}
    />
  );
}
