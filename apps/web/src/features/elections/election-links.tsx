import { Anchor, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Links from an election's card to its candidates' and organizations' pages. */
export function ElectionLinks({ electionId }: { electionId: number }) {
  const { t } = useTranslation();
  return (
    <Group gap="md">
      <Anchor component={Link} to={`/portal/elecciones/candidatos/${electionId}`} size="sm">
        {t("elections:family.seeCandidates")}
      </Anchor>
      <Anchor component={Link} to={`/portal/elecciones/organizaciones/${electionId}`} size="sm">
        {t("elections:family.seeOrganizations")}
      </Anchor>
    </Group>
  );
}
