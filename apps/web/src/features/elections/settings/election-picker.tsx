import { NativeSelect } from "@mantine/core";
import type { ElectionView } from "@portal/shared/schemas/elections";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { electionTitle } from "../election-format.ts";

/**
 * The election a screen works on, kept in the URL (`?election=<id>`, so links and reloads keep it);
 * without one, the first election `prefer` accepts, else the latest.
 */
export function useChosenElection(
  elections: readonly ElectionView[] | undefined,
  prefer: (election: ElectionView) => boolean,
): { election: ElectionView | null; choose: (id: number) => void } {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get("election"));
  const election =
    elections?.find((candidate) => candidate.id === wanted) ?? elections?.find(prefer) ?? elections?.[0] ?? null;
  return { election, choose: (id) => setParams({ election: String(id) }) };
}

/** The elections as a select, each named by its title and status. */
export function ElectionPicker({
  elections,
  election,
  onChoose,
}: {
  elections: readonly ElectionView[];
  election: ElectionView | null;
  onChoose: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      label={t("elections:admin.picker")}
      value={election ? String(election.id) : ""}
      onChange={(event) => onChoose(Number(event.currentTarget.value))}
      data={elections.map((candidate) => ({
        value: String(candidate.id),
        label: `${electionTitle(candidate, i18n.language)} — ${t(`elections:admin.status.${candidate.status}`)}`,
      }))}
      maw={560}
    />
  );
}
