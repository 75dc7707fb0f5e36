import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ElectionView } from "@portal/shared/schemas/elections";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-error.ts";
import { confirmAction, confirmUnsavedChanges } from "../../../lib/confirm.tsx";
import { notifyError, notifySuccess } from "../../../lib/toasts.ts";
import { useUnsavedChangesGuard } from "../../../lib/use-unsaved-changes-guard.ts";
import { AddListDialog } from "./add-list-dialog.tsx";
import { CandidaciesReview } from "./candidacies-review.tsx";
import { CandidatesEditor } from "./candidates-editor.tsx";
import { refreshElections, removeList, useAdminElections, useOrganizations } from "./election-admin-api.ts";
import { ElectionPicker, useChosenElection } from "./election-picker.tsx";
import { SettingsListFrame } from "./settings-list-frame.tsx";

const editable = (election: ElectionView) => election.status === "draft" || election.status === "scheduled";

/**
 * Settings › Lists and candidates (`/organizations-associate`, Admin only): for one
 * election, which organizations run (each with a list) and the people on each list, in order.
 * Changes are possible until the poll opens; then the lists are shown as they stand.
 */
export function ElectionListsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const elections = useAdminElections();
  const organizations = useOrganizations();
  const { election, choose } = useChosenElection(elections.data, editable);
  const [adding, setAdding] = useState(false);
  const [dirtyLists, setDirtyLists] = useState<ReadonlySet<number>>(new Set());
  useUnsavedChangesGuard(dirtyLists.size > 0);
  const onDirty = useCallback((listId: number, dirty: boolean) => {
    setDirtyLists((current) => {
      if (current.has(listId) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(listId);
      else next.delete(listId);
      return next;
    });
  }, []);
  const refresh = () => void refreshElections(queryClient);
  // Another election in the select is a change of the query string, which the route guard lets
  // through: unsaved lists are asked about here.
  const switchTo = async (id: number) => {
    if (dirtyLists.size > 0 && !(await confirmUnsavedChanges())) return;
    setDirtyLists(new Set());
    choose(id);
  };

  const remove = async (list: ElectionView["lists"][number]) => {
    if (!(await confirmAction("delete", t("elections:admin.lists.confirmDelete", { list: list.name })))) return;
    try {
      await removeList(list.id);
      notifySuccess(t("elections:admin.lists.deleted", { list: list.name }));
    } catch (error) {
      notifyError(isApiError(error) ? error.message : t("errors:INTERNAL"));
    }
    onDirty(list.id, false);
    refresh();
  };

  return (
    <SettingsListFrame
      routeId="settings.organizationsAssociate"
      intro={t("elections:admin.lists.intro")}
      query={elections}
      empty={t("elections:admin.empty")}
    >
      {(items) => (
        <Stack gap="md">
          <ElectionPicker elections={items} election={election} onChoose={(id) => void switchTo(id)} />
          {election ? (
            <>
              <Text size="sm">
                {t("elections:admin.lists.rule", { count: election.seats, max: election.seats * 2 })}
              </Text>
              {editable(election) ? (
                <Group>
                  <Button onClick={() => setAdding(true)} disabled={!organizations.data}>
                    {t("elections:admin.lists.addList")}
                  </Button>
                </Group>
              ) : (
                <Alert color="gray">{t("elections:admin.lists.locked")}</Alert>
              )}
              {election.lists.length === 0 ? <Text c="dimmed">{t("elections:admin.lists.none")}</Text> : null}
              {election.lists.map((list) => (
                <Card key={list.id} withBorder padding="lg" component="section" aria-labelledby={`list-${list.id}`}>
                  <Stack gap="sm">
                    <Group justify="space-between" wrap="wrap">
                      <div>
                        <Title order={2} size="h4" id={`list-${list.id}`}>
                          {list.name}
                        </Title>
                        <Text size="sm" c="dimmed">
                          {list.organizationName}
                        </Text>
                      </div>
                      {editable(election) ? (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          aria-label={t("elections:admin.deleteNamed", { name: list.name })}
                          onClick={() => void remove(list)}
                        >
                          {t("elections:admin.actions.delete")}
                        </Button>
                      ) : null}
                    </Group>
                    {list.statement ? <Text size="sm">{list.statement}</Text> : null}
                    <CandidatesEditor
                      key={`${list.id}:${list.candidates.map((c) => `${c.userId}/${c.statement ?? ""}`).join(",")}`}
                      list={list}
                      seats={election.seats}
                      editable={editable(election)}
                      electionId={election.id}
                      takenElsewhere={
                        new Set(
                          election.lists
                            .filter((l) => l.id !== list.id)
                            .flatMap((l) => l.candidates.map((c) => c.userId)),
                        )
                      }
                      onSaved={refresh}
                      onDirty={onDirty}
                    />
                  </Stack>
                </Card>
              ))}
              <CandidaciesReview election={election} editable={editable(election)} />
              <AddListDialog
                election={election}
                organizations={organizations.data ?? []}
                opened={adding}
                onClose={() => setAdding(false)}
                onSaved={() => {
                  setAdding(false);
                  refresh();
                }}
              />
            </>
          ) : null}
        </Stack>
      )}
    </SettingsListFrame>
  );
}
