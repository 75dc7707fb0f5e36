import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { homePathFor } from "@portal/shared/roles";
import type { HouseholdInvitationView } from "@portal/shared/schemas/household";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatInstantDay } from "../../lib/dates.ts";
import { useBranding } from "../../lib/public-config-query.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useSession } from "../../lib/session-query.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { useLogout } from "../auth/use-logout.ts";
import { joinHousehold, viewHouseholdInvitation } from "./household-api.ts";
import { InvitationRegisterForm } from "./household-register-form.tsx";

/** Signed in with the invited address: one explicit click joins (a mail scanner must not). */
function AcceptButton({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: () => joinHousehold(token),
    onSuccess: async () => {
      // Everything the family sees changes: its students, files and elections.
      await queryClient.invalidateQueries();
      notifySuccess(t("account:household.joined"));
      void navigate(homePathFor("User"));
    },
  });
  return (
    <>
      <FormErrorAlert error={join.error} />
      <Group>
        <Button onClick={() => join.mutate()} loading={join.isPending}>
          {t("account:household.accept")}
        </Button>
      </Group>
    </>
  );
}

/** What the visitor can do with the invitation: accept, sign in first, register, or switch account. */
function InvitationAction({ view, token }: { view: HouseholdInvitationView; token: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  const logout = useLogout(pathname);
  if (user && user.email.toLowerCase() === view.email.toLowerCase()) return <AcceptButton token={token} />;
  if (user) {
    return (
      <Alert color="orange" role="status">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t("account:household.wrongAccount", { email: view.email, current: user.email })}</Text>
          <Button variant="default" onClick={() => void logout()}>
            {t("account:household.signOut")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (view.hasAccount) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{t("account:household.hasAccount", { email: view.email })}</Text>
        <Button component={Link} to="/login" state={{ from: pathname }}>
          {t("account:household.signIn")}
        </Button>
      </Stack>
    );
  }
  return <InvitationRegisterForm token={token} email={view.email} />;
}

/**
 * /household-invitation/:token, also the old /portal/account/household/join/:token (docs/rules/enrollment.md "Households"
 * "Households"): the second parent's invitation, public, so that before anything it says who invites
 * to which family; then the one step that fits the visitor.
 */
export function HouseholdJoinPage() {
  const { t, i18n } = useTranslation();
  const { token = "" } = useParams();
  const { schoolName } = useBranding();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const invitation = useQuery({
    queryKey: ["household-invitation", token],
    queryFn: () => viewHouseholdInvitation(token),
    retry: false,
  });
  const view = invitation.data;
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} size="h2" ref={heading} tabIndex={-1} className="portal-focus-target">
        {t(routeTitleKey("householdInvitation"))}
      </Title>
      {invitation.isPending ? <PageLoader /> : null}
      {invitation.isError ? (
        <FormErrorAlert error={invitation.error}>
          <Text size="sm" mt="xs">
            <Link to="/login">{t("auth:common.backToLogin")}</Link>
          </Text>
        </FormErrorAlert>
      ) : null}
      {view ? (
        <Paper withBorder p="md">
          <Stack gap="md">
            <Text>
              {t("account:household.invitedBy", { inviter: view.inviter, family: view.family, school: schoolName })}
            </Text>
            {view.students.length > 0 ? (
              <Text>{t("account:household.students", { names: view.students.join(", ") })}</Text>
            ) : null}
            <Text size="sm" c="dimmed">
              {t("account:household.forAddress", {
                email: view.email,
                date: formatInstantDay(view.expiresAt, i18n.language),
              })}
            </Text>
            <InvitationAction view={view} token={token} />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
