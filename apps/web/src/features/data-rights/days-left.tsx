import { Badge } from "@mantine/core";
import { type DataRightsState, isOpenDataRightsState } from "@portal/shared/schemas/data-rights";
import { useTranslation } from "react-i18next";

/**
 * The days left before a request's deadline, in words ("3 days left", "Overdue by 2 days"): the
 * colour only repeats what the text says, and an overdue request also carries a warning sign.
 */
export function DaysLeft({ daysLeft, state }: { daysLeft: number; state: DataRightsState }) {
  const { t } = useTranslation();
  if (!isOpenDataRightsState(state)) {
    return (
      <Badge variant="light" color="gray">
        {t("dataRights:daysLeft.closed")}
      </Badge>
    );
  }
  if (daysLeft < 0) {
    return (
      <Badge variant="filled" color="red.9" leftSection={<span aria-hidden="true">⚠</span>}>
        {t("dataRights:daysLeft.overdue", { count: -daysLeft })}
      </Badge>
    );
  }
  if (daysLeft === 0) {
    return (
      <Badge variant="filled" color="orange.9">
        {t("dataRights:daysLeft.today")}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={daysLeft <= 3 ? "orange" : "blue"}>
      {t("dataRights:daysLeft.left", { count: daysLeft })}
    </Badge>
  );
}
