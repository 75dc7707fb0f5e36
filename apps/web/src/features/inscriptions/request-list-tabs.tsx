import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { REQUEST_TAB_IDS, type RequestTabId, requestTabHref } from "./request-list-tabs.ts";

/**
 * The row of status tabs above a request list: real links (the lists are pages with their own
 * URLs), so the accepted and photos lists, hidden from the menu by the spec, stay one click away.
 */
export function RequestListTabs({ current }: { current: RequestTabId }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <nav aria-label={t("requestTabs:label")}>
      <Group gap={4} wrap="wrap">
        {REQUEST_TAB_IDS.map((id) => {
          const active = id === current;
          return (
            <Button
              key={id}
              component={Link}
              to={requestTabHref(id, params)}
              variant={active ? "light" : "subtle"}
              aria-current={active ? "page" : undefined}
              size="compact-sm"
            >
              {t(routeTitleKey(id))}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
