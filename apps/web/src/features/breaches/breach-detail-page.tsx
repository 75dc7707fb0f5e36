import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { BreachDetail } from "@portal/shared/schemas/breaches";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { BreachAuthorityPanel } from "./breach-authority-panel.tsx";
import { ClockState } from "./breach-clock.tsx";
import { BreachForm } from "./breach-form.tsx";
import { BreachNoticePanel } from "./breach-notice-panel.tsx";
import { BREACHES_QUERY_KEY, breachQueryKey, noticeQueryKey, useBreach } from "./breaches-api.ts";
import { BREACHES_PATH } from "./breaches-page.tsx";

/** The two legal clocks of a saved breach, in words (never by colour alone). */
function Clocks({ breach }: { breach: BreachDetail }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="breach-clocks-title">
      <Title order={2} size="h4" id="breach-clocks-title" mb="sm">
        {t("breaches:clock.clocksTitle")}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={4}>
          <Text fw={600}>{t("breaches:clock.authorityTitle")}</Text>
          <ClockState clock={breach.authority} />
        </Stack>
        <Stack gap={4}>
          <Text fw={600}>{t("breaches:clock.familiesTitle")}</Text>
          <ClockState clock={breach.families} />
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

/**
 * `/portal/dashboards/settings/data-breaches/:id` (Admin; `new` records one): the incident's
 * form, its clocks, the Authority's notification and the families' notice.
 */
export function BreachDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const param = useParams().id ?? "";
  const isNew = param === "new";
  const id = Number(param);
  const valid = isNew || (Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  const detail = useBreach(valid && !isNew ? id : null);
  const [conflict, setConflict] = useState(false);
  // A new form after a reload from the server (a conflict), so its fields show what is saved.
  const [formKey, setFormKey] = useState(0);

  const saved = (next: BreachDetail, created: boolean) => {
    setConflict(false);
    queryClient.setQueryData(breachQueryKey(next.id), next);
    void queryClient.invalidateQueries({ queryKey: BREACHES_QUERY_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: noticeQueryKey(next.id) });
    if (created) void navigate(`${BREACHES_PATH}/${next.id}`, { replace: true });
  };
  const reload = async () => {
    setConflict(true);
    await detail.refetch();
    setFormKey((key) => key + 1);
  };

  const back = (
    <Anchor component={Link} to={BREACHES_PATH}>
      {t("breaches:form.back")}
    </Anchor>
  );
  if (!valid || (detail.isError && hasErrorCode(detail.error, "BREACH_NOT_FOUND"))) {
    return (
      <Stack gap="lg">
        {back}
        <Title order={1} size="h2">
          {t("routes:settings.breachDetail.title")}
        </Title>
        <Alert color="red">{t("breaches:form.notFound")}</Alert>
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <Stack gap="lg">
        {back}
        <LoadErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
      </Stack>
    );
  }
  if (!isNew && !detail.data) return <PageLoader />;
  const breach = isNew ? null : (detail.data ?? null);

  return (
    <Stack gap="lg">
      {back}
      <Title order={1} size="h2">
        {breach ? breach.title : t("breaches:form.newTitle")}
      </Title>
      {conflict ? <Alert color="yellow">{t("breaches:form.conflict")}</Alert> : null}
      {breach ? <Clocks breach={breach} /> : null}
      <BreachForm
        key={`${breach?.id ?? "new"}-${formKey}`}
        breach={breach}
        onSaved={saved}
        onConflict={() => void reload()}
      />
      {breach ? (
        <>
          <BreachAuthorityPanel breach={breach} onSaved={(next) => saved(next, false)} />
          <BreachNoticePanel breachId={breach.id} />
        </>
      ) : null}
    </Stack>
  );
}
