import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { FAMILY_ROLES } from "@portal/shared/roles";
import type { MyCandidacy } from "@portal/shared/schemas/election-candidacies";
import type { FamilyElection } from "@portal/shared/schemas/elections";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { confirmAction } from "../../lib/confirm.tsx";
import { useSession } from "../../lib/session-query.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { candidacyQueryKey, declareCandidacy, useMyCandidacy, withdrawCandidacy } from "./candidacy-api.ts";
import { formatElectionTime } from "./election-format.ts";

const NEW_LIST = "new";

/**
 * A family's candidacy on an upcoming election's page (docs/elections.md "Candidacies from
 * families"): its state and the Admin's reason, and until the deadline the form to stand on a list
 * or propose a new one; after it, only that candidacies are closed. Family accounts only.
 */
export function CandidacyPanel({ election }: { election: FamilyElection }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const isFamily = user !== null && (FAMILY_ROLES as readonly string[]).includes(user.role);
  const query = useMyCandidacy(election.id, isFamily && election.status === "scheduled");
  if (!isFamily || election.status !== "scheduled" || !query.data) return null;
  const headingId = `candidacy-${election.id}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {t("elections:family.candidacy.title")}
      </Title>
      <CandidacyState mine={query.data} />
      <CandidacyBody election={election} mine={query.data} />
    </Stack>
  );
}

function CandidacyState({ mine }: { mine: MyCandidacy }) {
  const { t } = useTranslation();
  const own = mine.candidacy;
  if (!own) return null;
  return (
    <Alert color={own.status === "approved" ? "green" : own.status === "declined" ? "red" : "blue"}>
      <Text size="sm">{t(`elections:family.candidacy.state.${own.status}`, { list: own.listName })}</Text>
      {own.reason ? <Text size="sm">{t("elections:family.candidacy.reason", { reason: own.reason })}</Text> : null}
    </Alert>
  );
}

function CandidacyBody({ election, mine }: { election: FamilyElection; mine: MyCandidacy }) {
  const { t, i18n } = useTranslation();
  const deadline = formatElectionTime(mine.deadline, i18n.language);
  if (!mine.open) return <Text size="sm">{t("elections:family.candidacy.closed", { date: deadline })}</Text>;
  if (!mine.mayStand) return <Text size="sm">{t("elections:family.candidacy.notVoter")}</Text>;
  if (mine.candidacy?.status === "approved") return null;
  return <CandidacyForm election={election} mine={mine} deadline={deadline} />;
}

function CandidacyForm({
  election,
  mine,
  deadline,
}: {
  election: FamilyElection;
  mine: MyCandidacy;
  deadline: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const own = mine.candidacy;
  const [choice, setChoice] = useState(own ? (own.listId === null ? NEW_LIST : String(own.listId)) : "");
  const [listName, setListName] = useState(own?.listId === null ? own.listName : "");
  const [organizationId, setOrganizationId] = useState(own?.organizationId ? String(own.organizationId) : "");
  const [statement, setStatement] = useState(own?.statement ?? "");
  const [missing, setMissing] = useState<string | null>(null);
  const done = async (message: string) => {
    notifySuccess(message);
    await queryClient.invalidateQueries({ queryKey: candidacyQueryKey(election.id) });
  };
  const save = useMutation({
    mutationFn: () =>
      declareCandidacy(
        election.id,
        choice === NEW_LIST
          ? { listName, organizationId: Number(organizationId), statement }
          : { listId: Number(choice), statement },
      ),
    onSuccess: () => done(t("elections:family.candidacy.sent")),
  });
  const withdraw = useMutation({
    mutationFn: () => withdrawCandidacy(election.id),
    onSuccess: () => done(t("elections:family.candidacy.withdrawn")),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty =
      choice === ""
        ? "choice"
        : choice === NEW_LIST && !listName.trim()
          ? "listName"
          : choice === NEW_LIST && !organizationId
            ? "organizationId"
            : null;
    setMissing(empty);
    if (!empty) save.mutate();
  };
  const required = (field: string) => (missing === field ? t("validation:required") : undefined);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t("elections:family.candidacy.intro", { date: deadline })}</Text>
        <NativeSelect
          required
          label={t("elections:family.candidacy.choice")}
          value={choice}
          onChange={(event) => setChoice(event.currentTarget.value)}
          error={required("choice")}
          data={[
            { value: "", label: t("elections:family.candidacy.chooseList"), disabled: true },
            ...election.lists.map((list) => ({ value: String(list.id), label: list.name })),
            { value: NEW_LIST, label: t("elections:family.candidacy.newList") },
          ]}
        />
        {choice === NEW_LIST ? (
          <>
            <TextInput
              required
              label={t("elections:family.candidacy.listName")}
              value={listName}
              maxLength={120}
              onChange={(event) => setListName(event.currentTarget.value)}
              error={required("listName")}
            />
            <NativeSelect
              required
              label={t("elections:family.candidacy.organization")}
              value={organizationId}
              onChange={(event) => setOrganizationId(event.currentTarget.value)}
              error={required("organizationId")}
              data={[
                { value: "", label: t("elections:family.candidacy.chooseOrganization"), disabled: true },
                ...mine.organizations.map((o) => ({ value: String(o.id), label: o.name })),
              ]}
            />
          </>
        ) : null}
        <Textarea
          label={t("elections:family.candidacy.statement")}
          value={statement}
          maxLength={2000}
          autosize
          minRows={2}
          onChange={(event) => setStatement(event.currentTarget.value)}
        />
        {save.error ? <FormErrorAlert error={save.error} /> : null}
        {withdraw.error ? <FormErrorAlert error={withdraw.error} /> : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t(own ? "elections:family.candidacy.change" : "elections:family.candidacy.submit")}
          </Button>
          {own ? (
            <Button
              variant="light"
              color="red"
              loading={withdraw.isPending}
              onClick={async () => {
                if (await confirmAction("delete", t("elections:family.candidacy.confirmWithdraw"))) withdraw.mutate();
              }}
            >
              {t("elections:family.candidacy.withdraw")}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
