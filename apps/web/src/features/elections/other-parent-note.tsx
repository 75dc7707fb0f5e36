import { Anchor, Text } from "@mantine/core";
import type { FamilyElection } from "@portal/shared/schemas/elections";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * One vote per parent: the other legal representative votes with an account of their own, which
 * the household's first account invites from the account page (docs/rules/elections.md).
 */
export function OtherParentNote({ election }: { election: FamilyElection }) {
  const { t } = useTranslation();
  if (election.voteUnit !== "parent") return null;
  return (
    <Text size="sm">
      {t("elections:family.otherParent.parent")}{" "}
      {/* Underlined: a link inside a sentence must not be told apart by its colour alone. */}
      <Anchor component={Link} to="/portal/account/user" size="sm" underline="always">
        {t("elections:family.otherParent.link")}
      </Anchor>
    </Text>
  );
}
