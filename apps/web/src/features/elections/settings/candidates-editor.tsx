import { ActionIcon, Alert, Button, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import type { ElectionView } from "@portal/shared/schemas/elections";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../../components/ui/form-error-alert.tsx";
import { notifySuccess } from "../../../lib/toasts.ts";
import { CandidatePhoto } from "../candidate-photo.tsx";
import { CandidatePhotoUpload } from "./candidate-photo-upload.tsx";
import { type CandidateRow, candidatesBody, moveRow, rowsChanged, rowsOf, sizeRule } from "./candidate-rows.ts";
import { saveCandidates } from "./election-admin-api.ts";
import { EligibleSearch } from "./eligible-search.tsx";

type ListView = ElectionView["lists"][number];

/**
 * A list's people in order (the order decides titulars and substitutes): move up or down, remove,
 * a statement each, add from the eligible voters, then save the whole list at once. The size rule
 * is shown as the count goes; the server refuses a list out of it once the election is scheduled.
 */
export function CandidatesEditor({
  list,
  seats,
  editable,
  electionId,
  takenElsewhere,
  onSaved,
  onDirty,
}: {
  list: ListView;
  seats: number;
  editable: boolean;
  electionId: number;
  /** People on the election's other lists (a person stands once per election). */
  takenElsewhere: ReadonlySet<number>;
  onSaved: () => void;
  onDirty: (listId: number, dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<CandidateRow[]>(() => rowsOf(list));
  // A removed person's row (and its buttons) is gone: the keyboard goes back to the list's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const dirty = rowsChanged(rows, list);
  useEffect(() => onDirty(list.id, dirty), [list.id, dirty, onDirty]);
  const save = useMutation({
    mutationFn: () => saveCandidates(list.id, candidatesBody(rows)),
    onSuccess: () => {
      notifySuccess(t("elections:admin.lists.saved", { list: list.name }));
      onSaved();
    },
  });
  const rule = sizeRule(seats, rows.length);
  // Photos belong to saved candidates (the upload names the candidate's row on the server).
  const savedCandidate = new Map(list.candidates.map((candidate) => [candidate.userId, candidate]));
  const taken = new Set([...takenElsewhere, ...rows.map((row) => row.userId)]);
  const update = (next: CandidateRow[]) => {
    save.reset();
    setRows(next);
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h5" ref={heading} tabIndex={-1}>
        {t("elections:admin.lists.candidates")}
      </Title>
      <Text size="sm" c={rule.ok ? undefined : "var(--mantine-color-orange-text)"}>
        {t("elections:admin.lists.count", { count: rows.length, min: rule.min, max: rule.max })}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("elections:admin.lists.noCandidates")}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
          {rows.map((row, index) => {
            const saved = savedCandidate.get(row.userId);
            return (
              <li key={row.userId}>
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <Text fw={600} w={28} ta="right" mt={6}>
                    {index + 1}.
                  </Text>
                  <CandidatePhoto url={saved?.photoUrl ?? null} />
                  <Stack gap={4} style={{ flex: 1 }}>
                    <Text size="sm" fw={500}>
                      {row.name}
                    </Text>
                    {editable ? (
                      <Textarea
                        label={t("elections:admin.lists.statementOf", { name: row.name })}
                        size="xs"
                        autosize
                        minRows={1}
                        maxLength={2000}
                        value={row.statement}
                        onChange={(event) => {
                          const statement = event.currentTarget.value;
                          update(rows.map((r, i) => (i === index ? { ...r, statement } : r)));
                        }}
                      />
                    ) : row.statement ? (
                      <Text size="sm">{row.statement}</Text>
                    ) : null}
                    {editable ? (
                      <TextInput
                        type="date"
                        size="xs"
                        w={200}
                        label={t("elections:admin.lists.birthDateOf", { name: row.name })}
                        description={t("elections:admin.lists.birthDateHint")}
                        value={row.birthDate}
                        onChange={(event) => {
                          const birthDate = event.currentTarget.value;
                          update(rows.map((r, i) => (i === index ? { ...r, birthDate } : r)));
                        }}
                      />
                    ) : null}
                    {editable && saved ? <CandidatePhotoUpload candidate={saved} onSaved={onSaved} /> : null}
                    {editable && !saved ? (
                      <Text size="xs" c="dimmed">
                        {t("elections:admin.lists.photoAfterSave")}
                      </Text>
                    ) : null}
                  </Stack>
                  {editable ? (
                    <Group gap={4} wrap="nowrap" mt={4}>
                      <ActionIcon
                        variant="default"
                        aria-label={t("elections:admin.lists.up", { name: row.name })}
                        disabled={index === 0}
                        onClick={() => update(moveRow(rows, index, -1))}
                      >
                        <span aria-hidden="true">↑</span>
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        aria-label={t("elections:admin.lists.down", { name: row.name })}
                        disabled={index === rows.length - 1}
                        onClick={() => update(moveRow(rows, index, 1))}
                      >
                        <span aria-hidden="true">↓</span>
                      </ActionIcon>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={t("elections:admin.lists.removeNamed", { name: row.name })}
                        onClick={() => {
                          update(rows.filter((_, i) => i !== index));
                          heading.current?.focus();
                        }}
                      >
                        {t("elections:admin.lists.remove")}
                      </Button>
                    </Group>
                  ) : null}
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
      {editable ? (
        <>
          <EligibleSearch
            electionId={electionId}
            listName={list.name}
            taken={taken}
            onAdd={(person) =>
              update([...rows, { userId: person.userId, name: person.name, statement: "", birthDate: "" }])
            }
          />
          {save.error ? <FormErrorAlert error={save.error} /> : null}
          {dirty ? (
            <Alert color="yellow" variant="light" p="xs">
              {t("elections:admin.lists.unsaved")}
            </Alert>
          ) : null}
          <Group>
            <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!dirty}>
              {t("elections:admin.lists.save", { list: list.name })}
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
