import { Badge, Text } from "@mantine/core";
import type { SigningFilter, SigningSummary } from "@portal/shared/schemas/signing";
import { useTranslation } from "react-i18next";
import { signingStage } from "./signing-stage.ts";

const COLOR: Record<SigningFilter, string> = { pending: "yellow", awaitingSchool: "blue", complete: "green" };

/** A request's online signing on the documents list: its stage as a badge, each document's state in its title. */
export function SigningCell({ summary }: { summary: SigningSummary }) {
  const { t } = useTranslation();
  const stage = signingStage(summary);
  if (!stage) return <Text size="sm">{t("signing:list.notOnline")}</Text>;
  const details = summary
    .map((document) => t("common:labelValue", { label: document.title, value: t(`signing:status.${document.status}`) }))
    .join(" · ");
  return (
    <Badge
      color={COLOR[stage]}
      variant="light"
      style={{ textTransform: "none" }}
      title={details}
      data-testid="signing-stage"
    >
      {t(`signing:list.${stage}`)}
    </Badge>
  );
}
