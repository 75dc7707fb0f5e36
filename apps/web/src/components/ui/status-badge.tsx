import { Badge } from "@mantine/core";
import type { RequestStatus } from "@portal/shared/request-status";
import { useStatusLabel } from "../../lib/status-texts.ts";

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

/** A request status in words (as the school names it: lib/status-texts.ts), coloured by where it stands. */
export function StatusBadge({ status, size = "md" }: { status: RequestStatus; size?: "sm" | "md" | "lg" }) {
  const statusLabel = useStatusLabel();
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="light"
      size={size}
      style={{ textTransform: "none" }}
      data-testid="status-badge"
    >
      {statusLabel(status)}
    </Badge>
  );
}
