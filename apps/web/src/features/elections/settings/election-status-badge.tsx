import { Badge } from "@mantine/core";
import type { ElectionStatus } from "@portal/shared/schemas/elections";
import { useTranslation } from "react-i18next";

const COLORS: Record<ElectionStatus, string> = {
  draft: "gray",
  scheduled: "blue",
  open: "green",
  closed: "orange",
  published: "teal",
  cancelled: "red",
};

export function ElectionStatusBadge({ status }: { status: ElectionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`elections:admin.status.${status}`)}
    </Badge>
  );
}
