import { Badge, List, Text } from "@mantine/core";
import type { SigningSigner, SigningStatus } from "@portal/shared/schemas/signing";
import { useTranslation } from "react-i18next";
import { formatInstant } from "../../lib/dates.ts";

const STATUS_COLOR: Record<SigningStatus, string> = {
  pending: "yellow",
  awaitingSchool: "blue",
  complete: "green",
  void: "gray",
};

/** A document's signing state in words (pending, awaiting the school, complete, withdrawn). */
export function SigningStatusBadge({ status }: { status: SigningStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" style={{ textTransform: "none" }} data-testid="signing-status">
      {t(`signing:status.${status}`)}
    </Badge>
  );
}

/** One signer's line: who (role and name), and signed when, or the link sent when, or not yet. */
export function SignerState({ signer }: { signer: SigningSigner }) {
  const { t, i18n } = useTranslation();
  const at = (iso: string | null) => formatInstant(iso, i18n.language);
  const who = t("signing:signer.who", { role: t(`signing:role.${signer.role}`), name: signer.name });
  let state: string;
  if (signer.signedAt) state = t("signing:signer.signed", { at: at(signer.signedAt) });
  else if (signer.linkSentAt) state = t("signing:signer.linkSent", { at: at(signer.linkSentAt) });
  else state = t("signing:signer.notYet");
  return (
    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
      <Text span fw={600} size="sm">
        {t("common:labelColon", { label: who })}
      </Text>{" "}
      <Text span size="sm" c={signer.signedAt ? "teal" : "dimmed"}>
        {state}
      </Text>
    </Text>
  );
}

export function SignerList({ signers }: { signers: readonly SigningSigner[] }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={4} aria-label={t("signing:signer.listLabel")}>
      {signers.map((signer) => (
        <List.Item key={signer.role}>
          <SignerState signer={signer} />
        </List.Item>
      ))}
    </List>
  );
}
