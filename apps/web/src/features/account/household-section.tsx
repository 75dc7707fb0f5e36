import { Badge, Button, Group, List, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import type { Household, HouseholdAccount } from "@portal/shared/schemas/household";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { isApiError } from "../../lib/api-error.ts";
import { confirm } from "../../lib/confirm.tsx";
import { notifySuccess } from "../../lib/toasts.ts";
import {
  HOUSEHOLD_QUERY_KEY,
  inviteToHousehold,
  leaveHousehold,
  removeHouseholdAccount,
  revokeHouseholdInvitation,
  useHousehold,
} from "./household-api.ts";

/** The first account invites the second parent by e-mail. */
function InviteForm({ onInvited }: { onInvited: (household: Household) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const invite = useMutation({
    mutationFn: inviteToHousehold,
    onSuccess: (household) => {
      notifySuccess(t("account:household.invited", { email }));
      setEmail("");
      onInvited(household);
    },
  });
  const fieldError = isApiError(invite.error) ? (invite.error.fields.email ?? null) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(email);
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          type="email"
          autoComplete="off"
          label={t("account:household.inviteEmail")}
          description={t("account:household.inviteHint")}
          {...REQUIRED_FIELD}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldError ?? undefined}
        />
        {fieldError ? null : <FormErrorAlert error={invite.error} />}
        <Group>
          <Button type="submit" loading={invite.isPending}>
            {t("account:household.invite")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AccountLine({ account }: { account: HouseholdAccount }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Text fw={500}>{account.name}</Text>
      <Text size="sm" c="dimmed">
        {account.email}
      </Text>
      <Badge variant="light" color={account.owner ? "blue" : "gray"}>
        {t(account.owner ? "account:household.firstAccount" : "account:household.secondParent")}
      </Badge>
      {account.you ? <Badge variant="outline">{t("account:household.you")}</Badge> : null}
    </Group>
  );
}

/**
 * Account page, families only: the household's accounts; the first account invites a
 * second parent, withdraws the invitation or removes that account; the second parent may leave.
 */
export function HouseholdSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const household = useHousehold(true);
  const update = (data: Household) => queryClient.setQueryData(HOUSEHOLD_QUERY_KEY, data);
  const change = useMutation({
    mutationFn: (run: () => Promise<Household | null>) => run(),
    onSuccess: (data) => {
      if (data) update(data);
      else void queryClient.invalidateQueries();
    },
  });
  const ask = async (title: string, text: string, confirmLabel: string, run: () => Promise<Household | null>) => {
    const sure = await confirm({ title, text, confirmLabel, cancelLabel: t("account:household.keep"), danger: true });
    if (sure) change.mutate(run);
  };

  const data = household.data;
  const me = data?.accounts.find((account) => account.you);
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("account:household.title")}
        </Title>
        <Text size="sm">{t("account:household.intro")}</Text>
        {!data ? (
          household.isError ? (
            <LoadErrorAlert error={household.error} onRetry={() => void household.refetch()} />
          ) : (
            <PageLoader />
          )
        ) : (
          <>
            <List listStyleType="none" spacing="xs" aria-label={t("account:household.accounts")}>
              {data.accounts.map((account) => (
                <List.Item key={account.id}>
                  <Group justify="space-between" wrap="wrap">
                    <AccountLine account={account} />
                    {me?.owner && !account.you ? (
                      <Button
                        variant="light"
                        color="red"
                        size="xs"
                        onClick={() =>
                          void ask(
                            t("account:household.removeTitle"),
                            t("account:household.removeText", { name: account.name }),
                            t("account:household.removeConfirm", { name: account.name }),
                            () => removeHouseholdAccount(account.id),
                          )
                        }
                      >
                        {t("account:household.remove", { name: account.name })}
                      </Button>
                    ) : null}
                  </Group>
                </List.Item>
              ))}
            </List>
            {data.invitations.map((invitation) => (
              <Group key={invitation.id} justify="space-between" wrap="wrap">
                <Text size="sm">{t("account:household.pending", { email: invitation.email })}</Text>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() =>
                    void ask(
                      t("account:household.revokeTitle"),
                      t("account:household.revokeText", { email: invitation.email }),
                      t("account:household.revokeConfirm"),
                      () => revokeHouseholdInvitation(invitation.id),
                    )
                  }
                >
                  {t("account:household.revoke", { email: invitation.email })}
                </Button>
              </Group>
            ))}
            {data.canInvite ? <InviteForm onInvited={update} /> : null}
            {me && !me.owner ? (
              <Group>
                <Button
                  variant="light"
                  color="red"
                  onClick={() =>
                    void ask(
                      t("account:household.leaveTitle"),
                      t("account:household.leaveText"),
                      t("account:household.leaveConfirm"),
                      async () => {
                        await leaveHousehold();
                        return null;
                      },
                    )
                  }
                >
                  {t("account:household.leave")}
                </Button>
              </Group>
            ) : null}
            <FormErrorAlert error={change.error} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
