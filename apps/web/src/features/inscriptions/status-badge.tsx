import { Badge } from "@mantine/core";
import type { RequestStatus } from "@portal/shared/request-status";
import { useTranslation } from "react-i18next";

const STATUS_COLOR: Record<RequestStatus, string> = {
  InProcess: "gray",
  Untreated: "yellow",
  Restored: "orange",
  Accepted: "blue",
  Validated: "indigo",
  Confirmed: "teal",
  Finished: "green",
  Refused: "red",
  Discontinued: "grape",
  Cancelled: "dark",
};

/** A request status in words (`common:requestStatus.<status>`), coloured by where it stands. */
export function StatusBadge({ status, size = "md" }: { status: RequestStatus; size?: "sm" | "md" | "lg" }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" size={size} style={{ textTransform: "none" }}>
      {t(`common:requestStatus.${status}`)}
    </Badge>
  );
}
