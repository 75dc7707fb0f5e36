import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SystemMessage } from "../../components/ui/system-message.tsx";
import { useSession } from "../../lib/session-query.ts";
import { useLogout } from "../auth/use-logout.ts";

/**
 * Where everyone but an Admin waits while maintenance mode is on. Login stays open so an Admin can
 * sign in; someone already signed in (not an Admin) is offered to log out, which leads there too.
 */
export function MaintenancePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  return (
    <SystemMessage
      title={t("common:system.maintenance.title")}
      text={t("common:system.maintenance.text")}
      actions={
        user ? (
          <Button variant="default" onClick={() => void logout()}>
            {t("shell:logout")}
          </Button>
        ) : (
          <Button component={Link} to="/login" variant="default">
            {t("common:system.maintenance.login")}
          </Button>
        )
      }
    />
  );
}
