import { useTranslation } from "react-i18next";
import { SystemMessage } from "../../components/ui/system-message.tsx";
import { BackButton } from "./back-button.tsx";
import { HomeButton } from "./home-button.tsx";

export function PageNotFoundPage() {
  const { t } = useTranslation();
  return (
    <SystemMessage
      title={t("common:system.notFound.title")}
      text={t("common:system.notFound.text")}
      actions={
        <>
          <HomeButton />
          <BackButton />
        </>
      }
    />
  );
}
