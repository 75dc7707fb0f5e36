import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SystemMessage } from "../../components/ui/system-message.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { DEFAULT_LIST_ID, listPath } from "./request-lists.ts";

/** Spec 8: an unknown or deleted request ('The record has been deleted or does not exist.'). */
export function RequestNotFoundPage() {
  const { t } = useTranslation();
  return (
    <SystemMessage
      title={t(routeTitleKey("inscriptions.requestNotFound"))}
      text={t("inscriptions:notFound.text")}
      actions={
        <Button component={Link} to={listPath(DEFAULT_LIST_ID)}>
          {t("inscriptions:notFound.toList")}
        </Button>
      }
    />
  );
}
