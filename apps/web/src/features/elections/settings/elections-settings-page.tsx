import { Stack } from "@mantine/core";
import type { ElectionView } from "@portal/shared/schemas/elections";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../lib/session-query.ts";
import { notifyError } from "../../../lib/toasts.ts";
import { CancelElectionDialog } from "./cancel-election-dialog.tsx";
import { CloseElectionDialog } from "./close-election-dialog.tsx";
import { refreshElections, useAdminElections, useSchoolYearOptions } from "./election-admin-api.ts";
import { type CardAction, ElectionCard, focusElectionCard } from "./election-card.tsx";
import { ElectionDialog, type ElectionDialogMode } from "./election-dialog.tsx";
import { SettingsListFrame } from "./settings-list-frame.tsx";
import { useElectionStep } from "./use-election-step.ts";

/**
 * Settings › Elections (Admin only): every election with its state; create one, edit it
 * until the poll opens, schedule it (families see it), close the poll early, publish the count,
 * cancel with a reason. Lists and candidates, and the count, have their own screens (linked).
 */
export function ElectionsSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const elections = useAdminElections();
  const years = useSchoolYearOptions();
  const steps = useElectionStep();
  const [dialog, setDialog] = useState<ElectionDialogMode | null>(null);
  const [cancelling, setCancelling] = useState<ElectionView | null>(null);
  const [closing, setClosing] = useState<ElectionView | null>(null);
  const refresh = () => void refreshElections(queryClient);
  const conflict = () => {
    setDialog(null);
    setCancelling(null);
    setClosing(null);
    notifyError(t("elections:admin.conflict"));
    refresh();
  };
  const yearLabel = (id: number) => years.data?.find((year) => year.id === id)?.label ?? "";
  const defaultYearId = session.schoolYear?.id ?? years.data?.find((year) => year.isCurrent)?.id ?? null;

  const act = (election: ElectionView, action: CardAction) => {
    if (action === "edit") setDialog({ kind: "edit", election });
    else if (action === "cancel") setCancelling(election);
    else if (action === "close") setClosing(election);
    else void steps.run(election, action);
  };

  return (
    <>
      <SettingsListFrame
        routeId="settings.elections"
        intro={t("elections:admin.intro")}
        addLabel={t("elections:admin.actions.create")}
        onAdd={() => setDialog({ kind: "create" })}
        query={elections}
        empty={t("elections:admin.empty")}
      >
        {(items) => (
          <Stack gap="md">
            {items.map((election) => (
              <ElectionCard
                key={election.id}
                election={election}
                yearLabel={yearLabel(election.schoolYearId)}
                busy={steps.pending}
                onAction={(action) => act(election, action)}
              />
            ))}
          </Stack>
        )}
      </SettingsListFrame>
      <ElectionDialog
        mode={dialog}
        years={years.data ?? []}
        defaultYearId={defaultYearId}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          refresh();
        }}
        onConflict={conflict}
      />
      <CloseElectionDialog
        election={closing}
        onClose={() => setClosing(null)}
        onDone={() => {
          const closed = closing;
          setClosing(null);
          void refreshElections(queryClient).then(() => {
            if (closed) focusElectionCard(closed.id);
          });
        }}
        onConflict={conflict}
      />
      <CancelElectionDialog
        election={cancelling}
        onClose={() => setCancelling(null)}
        onDone={() => {
          const cancelled = cancelling;
          setCancelling(null);
          void refreshElections(queryClient).then(() => {
            if (cancelled) focusElectionCard(cancelled.id);
          });
        }}
        onConflict={conflict}
      />
    </>
  );
}
