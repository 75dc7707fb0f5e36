import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Said after a 409: another Admin saved first and the form now shows their values. */
export function ConflictAlert({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="alert" title={t("errors:title")}>
      {message}
    </Alert>
  );
}
