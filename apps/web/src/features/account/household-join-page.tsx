import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/Button.layer.css";
import "@mantine/core/styles/Group.layer.css";
import "@mantine/core/styles/Paper.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Title.layer.css";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { homePathFor } from "@portal/shared/roles";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useSession } from "../../lib/session-query.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { joinHousehold } from "./household-api.ts";

/**
 * /portal/account/household/join/:token (issue #14): the second parent, signed in, accepts the
 * invitation with an explicit click (a link opened by a mail scanner must not join anyone).
 */
export function HouseholdJoinPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
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
    <Stack gap="lg" maw={640}>
      <Title order={1} size="h2" ref={heading} tabIndex={-1} className="portal-focus-target">
        {t(routeTitleKey("account.householdJoin"))}
      </Title>
      <Paper withBorder p="md">
        <Stack gap="md">
          <Text>{t("account:household.joinIntro", { email: user?.email ?? "" })}</Text>
          <FormErrorAlert error={join.error} />
          <Group>
            <Button onClick={() => join.mutate()} loading={join.isPending}>
              {t("account:household.accept")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
