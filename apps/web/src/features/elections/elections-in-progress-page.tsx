import { ElectionHeader } from "./election-header.tsx";
import { ElectionLinks } from "./election-links.tsx";
import { ElectionLists } from "./election-lists.tsx";
import { ElectionsPageFrame } from "./elections-page-frame.tsx";
import { OtherParentNote } from "./other-parent-note.tsx";
import { VoteForm } from "./vote-form.tsx";

/** /portal/elecciones/en-curso: the open polls, their lists, and the ballot. */
export function ElectionsInProgressPage() {
  return (
    <ElectionsPageFrame routeId="elections.inProgress" phase="in-progress">
      {(election) => (
        <>
          <ElectionHeader election={election} />
          <ElectionLinks electionId={election.id} />
          <ElectionLists election={election} />
          <VoteForm election={election} />
          <OtherParentNote election={election} />
        </>
      )}
    </ElectionsPageFrame>
  );
}
