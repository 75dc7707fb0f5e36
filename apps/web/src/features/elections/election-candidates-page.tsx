import { ElectionDetailFrame } from "./election-detail-frame.tsx";
import { ElectionLists } from "./election-lists.tsx";

/** /portal/elecciones/candidatos/:id: the candidates of one election, list by list. */
export function ElectionCandidatesPage() {
  return (
    <ElectionDetailFrame routeId="elections.candidates">
      {(election) => <ElectionLists election={election} />}
    </ElectionDetailFrame>
  );
}
