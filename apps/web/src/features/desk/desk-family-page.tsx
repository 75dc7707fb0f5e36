import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { LANGUAGES } from "@portal/shared/languages";
import type { DeskFamily } from "@portal/shared/schemas/desk";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { deskModeOf, endDeskMode, startDeskMode } from "../../lib/desk-mode.ts";
import { fullPathOf } from "../../lib/match-route.ts";
import { SESSION_QUERY_KEY, useSession } from "../../lib/session-query.ts";
import { useInscriptionStore } from "../enrollment/enrollment-store.ts";
import { deskFamilyKey, inviteDeskFamily, setDeskFamilyEmail, useDeskFamily } from "./desk-api.ts";
import { DeskInvitationState } from "./desk-invitation-state.tsx";

const nameOf = (family: DeskFamily) =>
  [family.names, family.firstSurname, family.secondSurname].filter(Boolean).join(" ");

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

/** The e-mail and the invitation to claim the account, while the parent has not claimed it. */
function ClaimPanel({ family }: { family: DeskFamily }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(family.email ?? "");
  const [emailError, setEmailError] = useState<unknown>(null);
  const update = (next: DeskFamily) => queryClient.setQueryData(deskFamilyKey(family.id), next);
  const save = useMutation({
    mutationFn: () => setDeskFamilyEmail(family.id, email),
    onMutate: () => setEmailError(null),
    onSuccess: update,
    onError: setEmailError,
  });
  const invite = useMutation({ mutationFn: () => inviteDeskFamily(family.id), onSuccess: update });
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="desk-claim">
      <Stack gap="md">
        <Title order={2} size="h4" id="desk-claim">
          {t("desk:claim.title")}
        </Title>
        {family.claimed ? (
          <Alert color="green" role="status">
            {t("desk:claim.claimed")}
          </Alert>
        ) : (
          <>
            <Text size="sm">{t("desk:claim.intro")}</Text>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                save.mutate();
              }}
              noValidate
            >
              <Group align="flex-end" gap="sm">
                <TextInput
                  label={t("desk:fields.email")}
                  type="email"
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                  style={{ flex: 1, minWidth: 240 }}
                />
                <Button type="submit" variant="light" loading={save.isPending}>
                  {t("desk:claim.saveEmail")}
                </Button>
              </Group>
            </form>
            <FormErrorAlert error={emailError} />
            <Group>
              <Button onClick={() => invite.mutate()} loading={invite.isPending} disabled={family.email === null}>
                {family.invitation ? t("desk:claim.inviteAgain") : t("desk:claim.invite")}
              </Button>
              {family.email === null ? (
                <Text size="sm" c="dimmed">
                  {t("desk:claim.needsEmail")}
                </Text>
              ) : null}
            </Group>
            <FormErrorAlert error={invite.error} />
            <DeskInvitationState family={family} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A walk-in family's page (docs/rules/staff-workflow.md "Walk-in families"): who they are, their
 * students, the way into their wizard, and the e-mail and invitation to claim the account.
 */
export function DeskFamilyPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const family = useDeskFamily(id);
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clearInscription = useInscriptionStore((state) => state.clear);
  // Back at the family's page: the wizard no longer acts for anyone until asked again.
  useEffect(() => endDeskMode(), []);

  if (family.isPending) return <PageLoader />;
  if (family.isError) return <LoadErrorAlert error={family.error} onRetry={() => void family.refetch()} />;
  const data = family.data;
  const name = nameOf(data);

  const fillIn = () => {
    // The wizard starts afresh for this family: nothing of another family's file stays in memory.
    clearInscription();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    startDeskMode(deskModeOf(data, session.user?.id ?? 0));
    void navigate(fullPathOf("wizard.welcome"));
  };

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t("desk:family.title", { family: name })}
        </Title>
        <Text size="sm" c="dimmed">
          {t("desk:family.created", {
            who: data.createdBy ?? t("desk:family.someone"),
            when: formatInstant(data.createdAt, i18n.language),
          })}
        </Text>
      </Stack>
      <Paper withBorder p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Fact
            label={data.typeIdentification === 2 ? t("desk:fields.passport") : t("desk:fields.cedula")}
            value={data.documentNumber}
          />
          <Fact label={t("desk:fields.phone")} value={data.phone} />
          <Fact
            label={t("desk:fields.language")}
            value={LANGUAGES.find((language) => language.code === data.language)?.label ?? data.language}
          />
          <Fact label={t("desk:fields.email")} value={data.email ?? t("desk:family.noEmail")} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg" component="section" aria-labelledby="desk-enrollment">
        <Stack gap="sm">
          <Title order={2} size="h4" id="desk-enrollment">
            {t("desk:family.enrollmentTitle")}
          </Title>
          {data.students.length === 0 ? (
            <Text size="sm">{t("desk:family.noStudents")}</Text>
          ) : (
            <List size="sm">
              {data.students.map((student) => (
                <List.Item key={student.id}>{student.name || t("desk:family.unnamedStudent")}</List.Item>
              ))}
            </List>
          )}
          <Text size="sm">{t("desk:family.fillInHint")}</Text>
          <Button onClick={fillIn} style={{ alignSelf: "flex-start" }}>
            {t("desk:family.fillIn")}
          </Button>
        </Stack>
      </Paper>
      <ClaimPanel family={data} />
    </Stack>
  );
}
