import { Alert, Paper, Stack, Text } from "@mantine/core";
import type { ConsentKind } from "@portal/shared/consents";
import type { ChildConsents } from "@portal/shared/schemas/consents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { confirm } from "../../lib/confirm.tsx";
import { AccountAreaFrame } from "../account/account-area-frame.tsx";
import { ChildConsentsCard } from "./child-consents-card.tsx";
import { FAMILY_CONSENTS_QUERY_KEY, useFamilyConsents, withdrawConsent } from "./consents-api.ts";

/**
 * /portal/account/consents: each child's image and data-use consents, and their withdrawal
 * (docs/rules/data-protection.md "Withdrawing a consent"). The consequence is said before the
 * family confirms; the answer is the new state, so a reload shows what the server recorded.
 */
export function ConsentsPage() {
  const { t } = useTranslation();
  const consents = useFamilyConsents();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<{ child: string; consent: ConsentKind } | null>(null);
  const withdraw = useMutation({
    mutationFn: ({ child, consent }: { child: ChildConsents; consent: ConsentKind }) =>
      withdrawConsent(child.studentId, consent),
    onSuccess: (saved, { child, consent }) => {
      queryClient.setQueryData(FAMILY_CONSENTS_QUERY_KEY, saved);
      setDone({ child: child.studentName, consent });
    },
  });

  const ask = async (child: ChildConsents, consent: ConsentKind) => {
    setDone(null);
    withdraw.reset();
    const sure = await confirm({
      title: t(`account:consents.${consent}.confirmTitle`, { child: child.studentName }),
      text: t(`account:consents.${consent}.consequence`, { child: child.studentName }),
      confirmLabel: t("account:consents.confirm"),
      cancelLabel: t("account:consents.keep"),
      danger: true,
    });
    if (sure) withdraw.mutate({ child, consent });
  };

  return (
    <AccountAreaFrame routeId="account.consents">
      <Stack gap="md">
        <Text>{t("account:consents.intro")}</Text>
        <div aria-live="polite">
          {done ? (
            <Alert color="green" title={t(`account:consents.${done.consent}.doneTitle`, { child: done.child })}>
              {t("account:consents.done")}
            </Alert>
          ) : null}
        </div>
        <FormErrorAlert error={withdraw.error} />
        {consents.isPending ? <PageLoader /> : null}
        {consents.isError ? <LoadErrorAlert error={consents.error} onRetry={() => void consents.refetch()} /> : null}
        {consents.data?.children.length === 0 ? (
          <Paper withBorder p="lg">
            <Text>{t("account:consents.none")}</Text>
          </Paper>
        ) : null}
        {consents.data?.children.map((child) => (
          <ChildConsentsCard
            key={child.studentId}
            child={child}
            pending={withdraw.isPending && withdraw.variables?.child.studentId === child.studentId}
            onWithdraw={(consent) => void ask(child, consent)}
          />
        ))}
      </Stack>
    </AccountAreaFrame>
  );
}
