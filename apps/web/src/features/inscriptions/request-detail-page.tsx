import { Alert, Anchor, Badge, Button, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { LANGUAGES } from "@portal/shared/languages";
import { ALL_ROUTES } from "@portal/shared/route-access";
import type { RequestDetail } from "@portal/shared/schemas/workflow";
import type { WorkflowAction } from "@portal/shared/workflow";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { StatusBadge } from "../../components/ui/status-badge.tsx";
import { type ApiError, hasErrorCode } from "../../lib/api-error.ts";
import { useCatalog } from "../../lib/catalog-query.ts";
import { fullPathOf } from "../../lib/match-route.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { notifyRecord } from "../../lib/toasts.ts";
import { ConsentWithdrawalNotice } from "../consents/consent-withdrawal-notice.tsx";
import { SignaturesPanel } from "../signing/signatures-panel.tsx";
import { ActionDialog, CorrectionDialog, ReviewDialog } from "./action-dialogs.tsx";
import { Field, Section } from "./detail-section.tsx";
import { ErasureSection } from "./erasure-section.tsx";
import { formatDateTime } from "./format.ts";
import { HouseholdAccounts } from "./household-accounts.tsx";
import { listOriginHref } from "./representative-lists.ts";
import { RequestChecks } from "./request-checks.tsx";
import { RequestHistory } from "./request-history.tsx";
import { modulePath, parseOrigin, parseRequestId, requestNotFoundPath } from "./request-lists.ts";
import { RequestMails } from "./request-mails.tsx";
import { RequestNavigation } from "./request-navigation.tsx";
import {
  detailQueryKey,
  LIST_QUERY_KEY,
  mailsQueryKey,
  runAction,
  saveInternalReview,
  useRequestDetail,
} from "./requests-api.ts";

/** The twelve module pages of a request (hidden routes `inscriptions.module.*`), in wizard order. */
const MODULE_ROUTE_IDS = ALL_ROUTES.filter((route) => route.id.startsWith("inscriptions.module.")).map(
  (route) => route.id,
);

/** Moving the request forward stands out; sending it back or stopping it is quieter, in red when it ends it. */
const ACTION_LOOK: Record<WorkflowAction, { variant: "filled" | "light"; color?: string }> = {
  accept: { variant: "filled" },
  validate: { variant: "filled" },
  confirm: { variant: "filled" },
  finish: { variant: "filled" },
  restore: { variant: "filled" },
  requestCorrection: { variant: "light" },
  discontinue: { variant: "light" },
  refuse: { variant: "light", color: "red" },
  cancel: { variant: "light", color: "red" },
};

/** Changes that another person's change makes impossible: the page must be reloaded first. */
const STALE_CODES = ["VERSION_CONFLICT", "TRANSITION_NOT_ALLOWED"];

function InternalReview({
  detail,
  onFlag,
  onResolve,
}: {
  detail: RequestDetail;
  onFlag: () => void;
  onResolve: () => void;
}) {
  const { t, i18n } = useTranslation();
  const review = detail.internalReview;
  return (
    <Section title={t("inscriptions:review.title")} testId="internal-review">
      {review.flagged ? (
        <Alert color="orange" title={t("inscriptions:review.flagged")}>
          <Stack gap={4}>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {review.note}
            </Text>
            {review.by ? (
              <Text size="xs" c="dimmed">
                {t("inscriptions:review.flaggedBy", {
                  name: review.by.name,
                  at: formatDateTime(review.at, i18n.language),
                })}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      ) : (
        <Stack gap={4}>
          <Text size="sm">{t("inscriptions:review.none")}</Text>
          {review.resolvedBy ? (
            <Text size="xs" c="dimmed">
              {t("inscriptions:review.resolvedBy", {
                name: review.resolvedBy.name,
                at: formatDateTime(review.resolvedAt, i18n.language),
              })}
            </Text>
          ) : null}
        </Stack>
      )}
      {detail.canManage ? (
        <Group>
          {review.flagged ? (
            <Button variant="light" onClick={onResolve}>
              {t("inscriptions:review.resolve")}
            </Button>
          ) : (
            <Button variant="light" color="orange" onClick={onFlag}>
              {t("inscriptions:review.flag")}
            </Button>
          )}
        </Group>
      ) : null}
    </Section>
  );
}

function StaleAlert({ error, onReload, reloading }: { error: ApiError; onReload: () => void; reloading: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t("inscriptions:detail.staleTitle")} role="alert" data-testid="stale-alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button variant="default" onClick={onReload} loading={reloading}>
          {t("common:actions.reload")}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * `/portal/dashboards/inscriptions/request-detail/:id`: student, family, status, internal review,
 * correction, history, the actions the caller's role may take (none for Consulta), the module
 * pages, and previous/next in the list the user came from (`?from=`).
 */
export function RequestDetailPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const id = parseRequestId(useParams().id);
  const [params] = useSearchParams();
  const origin = parseOrigin(params.get("from"));
  const detail = useRequestDetail(id);
  const levels = useCatalog("levels");

  const [action, setAction] = useState<Exclude<WorkflowAction, "requestCorrection"> | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const [review, setReview] = useState<"flag" | "resolve" | null>(null);
  const [stale, setStale] = useState<ApiError | null>(null);

  const afterChange = (saved: RequestDetail) => {
    queryClient.setQueryData(detailQueryKey(id), saved);
    void queryClient.invalidateQueries({ queryKey: LIST_QUERY_KEY });
    // A status change e-mails the family: the mails section shows it waiting, then sent.
    void queryClient.invalidateQueries({ queryKey: mailsQueryKey(id) });
    notifyRecord("updated");
  };
  const onChangeError = (error: Error, close: () => void) => {
    if (hasErrorCode(error, ...STALE_CODES)) {
      close();
      setStale(error);
    } else if (hasErrorCode(error, "REQUEST_NOT_FOUND")) {
      close();
      void queryClient.invalidateQueries({ queryKey: detailQueryKey(id) });
    }
  };

  const actionMutation = useMutation({
    mutationFn: (body: Parameters<typeof runAction>[1]) => runAction(id, body),
    onSuccess: (saved) => {
      setAction(null);
      setCorrecting(false);
      afterChange(saved);
    },
    onError: (error) =>
      onChangeError(error, () => {
        setAction(null);
        setCorrecting(false);
      }),
  });
  const reviewMutation = useMutation({
    mutationFn: (body: Parameters<typeof saveInternalReview>[1]) => saveInternalReview(id, body),
    onSuccess: (saved) => {
      setReview(null);
      afterChange(saved);
    },
    onError: (error) => onChangeError(error, () => setReview(null)),
  });

  if (id === 0 || hasErrorCode(detail.error, "REQUEST_NOT_FOUND", "NOT_FOUND")) {
    return <Navigate to={requestNotFoundPath()} replace />;
  }

  const title = (
    <Title order={1} size="h2">
      {t(routeTitleKey("inscriptions.requestDetail"))}
    </Title>
  );

  if (!detail.data) {
    return (
      <Stack gap="lg">
        <RequestNavigation origin={origin} id={id} />
        {title}
        {detail.isError ? (
          <LoadErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
        ) : (
          <PageLoader />
        )}
      </Stack>
    );
  }

  const request = detail.data;
  const levelLabel = request.levelCode
    ? (levels.data?.find((item) => item.code === request.levelCode)?.label ?? request.levelCode)
    : "—";
  const languageLabel = LANGUAGES.find((language) => language.code === request.family.language)?.label;
  const actions = request.canManage ? request.allowedActions : [];
  const inProcess = request.status === "InProcess";
  const pending = actionMutation.isPending || reviewMutation.isPending;

  const start = (chosen: WorkflowAction) => {
    actionMutation.reset();
    setStale(null);
    if (chosen === "requestCorrection") setCorrecting(true);
    else setAction(chosen);
  };

  return (
    <Stack gap="lg">
      <RequestNavigation origin={origin} id={id} />
      <Stack gap="xs">
        {title}
        <Group gap="sm">
          <Text fw={600} size="lg" data-testid="request-student">
            {request.student.name || t("inscriptions:table.unnamed")}
          </Text>
          <span data-testid="request-status">
            <StatusBadge status={request.status} size="lg" />
          </span>
          {request.isTestData ? (
            <Badge color="gray" variant="outline">
              {t("inscriptions:table.testData")}
            </Badge>
          ) : null}
          {request.internalReview.flagged ? (
            <Badge color="orange" variant="light">
              {t("inscriptions:review.flagged")}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t("inscriptions:detail.codeLine", {
            code: request.code,
            year: request.schoolYear.label,
            date: formatDateTime(request.createdAt, i18n.language),
          })}
        </Text>
      </Stack>

      <ConsentWithdrawalNotice requestId={request.id} />

      {stale ? (
        <StaleAlert
          error={stale}
          reloading={detail.isFetching}
          onReload={() => {
            void detail.refetch().then(() => setStale(null));
          }}
        />
      ) : null}

      {inProcess ? (
        <Alert color="blue" title={t("inscriptions:detail.inProcessTitle")} data-testid="in-process">
          <Stack gap="xs">
            <Text size="sm">{t("inscriptions:detail.inProcessText")}</Text>
            {request.correction ? (
              <>
                <Text size="sm" fw={600}>
                  {t("inscriptions:detail.correctionMessage")}
                </Text>
                <Text size="sm" style={{ whiteSpace: "pre-wrap" }} data-testid="correction-message">
                  {request.correction.message}
                </Text>
                <Text size="sm" fw={600}>
                  {t("inscriptions:detail.reopenedSteps")}
                </Text>
                <List size="sm">
                  {request.correction.steps.map((step) => (
                    <List.Item key={step}>{t(routeTitleKey(`wizard.${step}`))}</List.Item>
                  ))}
                </List>
              </>
            ) : null}
          </Stack>
        </Alert>
      ) : null}

      {request.canManage ? (
        <Section title={t("inscriptions:actions.title")} testId="request-actions">
          {actions.length > 0 ? (
            <Group gap="sm">
              {actions.map((candidate) => (
                <Button
                  key={candidate}
                  variant={ACTION_LOOK[candidate].variant}
                  color={ACTION_LOOK[candidate].color}
                  onClick={() => start(candidate)}
                  disabled={pending}
                >
                  {t(`common:workflowAction.${candidate}`)}
                </Button>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {inProcess ? t("inscriptions:actions.noneInProcess") : t("inscriptions:actions.none")}
            </Text>
          )}
        </Section>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t("inscriptions:detail.student")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Field label={t("inscriptions:table.student")}>{request.student.name || "—"}</Field>
            <Field label={t("inscriptions:table.document")}>{request.student.documentNumber || "—"}</Field>
            <Field label={t("inscriptions:table.level")}>{levelLabel}</Field>
            <Field label={t("inscriptions:table.kind")}>
              {t(`inscriptions:kind.${request.isNewStudent ? "new" : "reenrollment"}`)}
            </Field>
            <Field label={t("inscriptions:detail.schoolYear")}>{request.schoolYear.label}</Field>
            <Field label={t("inscriptions:table.code")}>{request.code}</Field>
          </SimpleGrid>
        </Section>
        <Section title={t("inscriptions:detail.family")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Field label={t("inscriptions:detail.familyName")}>{request.family.name || "—"}</Field>
            <Field label={t("inscriptions:detail.familyEmail")}>
              <Anchor href={`mailto:${request.family.email}`} size="sm">
                {request.family.email}
              </Anchor>
            </Field>
            <Field label={t("inscriptions:detail.familyLanguage")}>{languageLabel ?? request.family.language}</Field>
            <Field label={t("inscriptions:detail.updatedAt")}>{formatDateTime(request.updatedAt, i18n.language)}</Field>
            <HouseholdAccounts accounts={request.household} />
          </SimpleGrid>
        </Section>
      </SimpleGrid>

      <RequestChecks checks={request.checks} levelLabel={levelLabel} />

      <InternalReview
        detail={request}
        onFlag={() => {
          reviewMutation.reset();
          setStale(null);
          setReview("flag");
        }}
        onResolve={() => {
          reviewMutation.reset();
          setStale(null);
          setReview("resolve");
        }}
      />

      <Section title={t("inscriptions:detail.modules")}>
        {inProcess ? (
          <Text size="sm" c="dimmed">
            {t("inscriptions:detail.modulesInProcess")}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
            {MODULE_ROUTE_IDS.map((routeId) => (
              <Anchor
                key={routeId}
                component={Link}
                to={modulePath(routeId, request.id, listOriginHref(params.get("from")))}
                size="sm"
              >
                {t(routeTitleKey(routeId))}
              </Anchor>
            ))}
          </SimpleGrid>
        )}
        {/* The request as the school's student database (BUE) receives it. */}
        <Anchor
          component={Link}
          to={fullPathOf("inscriptions.requestBueMigration").replace(":id", String(request.id))}
          size="sm"
          mt="sm"
          display="inline-block"
        >
          {t(routeTitleKey("inscriptions.requestBueMigration"))}
        </Anchor>
      </Section>

      <SignaturesPanel requestId={request.id} />

      <Section title={t("inscriptions:history.title")}>
        <RequestHistory entries={request.history} />
      </Section>

      <Section title={t("inscriptions:mails.title")} testId="request-mails">
        <RequestMails requestId={request.id} canResend={request.canManage} />
      </Section>

      {request.canManage ? (
        <ErasureSection requestId={request.id} listPath={fullPathOf("inscriptions.allRequest")} />
      ) : null}

      {/* Keyed by what they are opened for, so a dialog never shows the last one's text. */}
      <ActionDialog
        key={`action-${action ?? ""}`}
        action={action}
        code={request.code}
        status={request.status}
        pending={actionMutation.isPending}
        error={actionMutation.error}
        onClose={() => setAction(null)}
        onConfirm={(comment) => {
          if (!action) return;
          actionMutation.mutate({
            action,
            expectedVersion: request.version,
            ...(comment.trim() ? { comment: comment.trim() } : {}),
          });
        }}
      />
      <CorrectionDialog
        key={`correction-${correcting}`}
        opened={correcting}
        pending={actionMutation.isPending}
        error={actionMutation.error}
        onClose={() => setCorrecting(false)}
        onConfirm={({ steps, message }) =>
          actionMutation.mutate({ action: "requestCorrection", expectedVersion: request.version, steps, message })
        }
      />
      <ReviewDialog
        key={`review-${review ?? ""}`}
        mode={review}
        pending={reviewMutation.isPending}
        error={reviewMutation.error}
        onClose={() => setReview(null)}
        onConfirm={(note) =>
          reviewMutation.mutate({
            flagged: review === "flag",
            expectedVersion: request.version,
            ...(note ? { note } : {}),
          })
        }
      />
    </Stack>
  );
}
