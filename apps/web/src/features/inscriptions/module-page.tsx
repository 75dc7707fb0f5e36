import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { StepId } from "@portal/shared/enrollment-steps";
import type { RequestModule } from "@portal/shared/schemas/request-steps";
import { moduleRouteId, STAFF_MODULES } from "@portal/shared/staff-modules";
import { useQueryClient } from "@tanstack/react-query";
import { type ComponentType, Suspense, useMemo, useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { StatusBadge } from "../../components/ui/status-badge.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { ConsentWithdrawalNotice } from "../consents/consent-withdrawal-notice.tsx";
import { AcademicHistoryPage } from "../enrollment/academic-history-page.tsx";
import { AuthorizedPersonsPage } from "../enrollment/authorized-persons-page.tsx";
import { EnrollmentYearPage } from "../enrollment/enrollment-year-page.tsx";
import { ExitAuthorizationPage } from "../enrollment/exit-authorization-page.tsx";
import { FinancePage } from "../enrollment/finance-page.tsx";
import { MedicalRecordPage } from "../enrollment/medical-record-page.tsx";
import { FirstRepresentativePage, SecondRepresentativePage } from "../enrollment/representative-page.tsx";
import { StepHostProvider } from "../enrollment/step-kit/step-host.tsx";
import { StudentFilePage } from "../enrollment/student-file-page.tsx";
import { StudentPhotoPage } from "../enrollment/student-photo-page.tsx";
import { TermsPage } from "../enrollment/terms-page.tsx";
import { TransportPage } from "../enrollment/transport-page.tsx";
import { moduleQueryKey, useRequestModule } from "./module-api.ts";
import { listOriginHref } from "./representative-lists.ts";
import { detailPath, modulePath, parseRequestId, requestNotFoundPath } from "./request-lists.ts";
import { staffStepHost, staffUploads } from "./staff-step-host.ts";
import { withStaffWording } from "./staff-wording.ts";

/** The wizard's own page for each step: the module pages render them with the staff's host. */
const STEP_PAGES: Record<StepId, ComponentType> = {
  studentFile: StudentFilePage,
  enrollmentYear: EnrollmentYearPage,
  terms: TermsPage,
  firstRepresentative: FirstRepresentativePage,
  secondRepresentative: SecondRepresentativePage,
  authorizedPersons: AuthorizedPersonsPage,
  studentPhoto: StudentPhotoPage,
  academicHistory: AcademicHistoryPage,
  financialInformation: FinancePage,
  schoolTransport: TransportPage,
  exitAuthorization: ExitAuthorizationPage,
  medicalRecord: MedicalRecordPage,
};

/**
 * A request's module page (spec 2 hidden detail pages): one wizard step of a sent
 * record, with the wizard's own form. Admin and Secretaria edit it (the same validation as the
 * family's, a version check against another person's save); Consulta sees it read-only. A record
 * the family is filling in or correcting is not shown: the page says so.
 */
function ModulePage({ step }: { step: StepId }) {
  const { t } = useTranslation();
  const requestId = parseRequestId(useParams().id);
  const [params] = useSearchParams();
  // Only one of this app's lists is kept (listOriginHref), so the links cannot be pointed elsewhere.
  const from = listOriginHref(params.get("from"));
  const module = useRequestModule(requestId);

  if (requestId === 0 || hasErrorCode(module.error, "REQUEST_NOT_FOUND")) {
    return <Navigate to={requestNotFoundPath()} replace />;
  }
  const back = (
    <Anchor component={Link} to={detailPath(requestId, from)} size="sm">
      {t("inscriptions:module.backToRequest")}
    </Anchor>
  );
  // The step's own form brings the page's heading; a record that cannot be shown still needs one.
  const heading = (
    <Title order={1} size="h2">
      {t(routeTitleKey(moduleRouteId(step)))}
    </Title>
  );
  if (hasErrorCode(module.error, "REQUEST_IN_PROCESS")) {
    return (
      <Stack gap="lg">
        {back}
        {heading}
        <Alert color="blue" title={t("inscriptions:module.inProcessTitle")} data-testid="module-in-process">
          {module.error.message}
        </Alert>
      </Stack>
    );
  }
  if (module.error) {
    return (
      <Stack gap="lg">
        {back}
        {heading}
        <FormErrorAlert error={module.error} />
      </Stack>
    );
  }
  if (!module.data) return <PageLoader />;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="xs">
        {back}
        <StatusBadge status={module.data.status} />
      </Group>
      <Text fw={600}>
        {t("inscriptions:module.record", { student: module.data.studentName, code: module.data.code })}
      </Text>
      <ModuleNav requestId={requestId} current={step} from={from} />
      {/* The steps that hold the consents show the family's withdrawal above the answers it overrides. */}
      {step === "studentPhoto" || step === "terms" ? <ConsentWithdrawalNotice requestId={requestId} /> : null}
      <ModuleStep module={module.data} step={step} />
    </Stack>
  );
}

/** The step's page inside the staff's host; "reload" after a conflict reads the record again and starts the form over. */
function ModuleStep({ module, step }: { module: RequestModule; step: StepId }) {
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const Page = STEP_PAGES[step];
  const host = useMemo(
    () =>
      staffStepHost(module, queryClient, () => {
        void queryClient.resetQueries({ queryKey: moduleQueryKey(module.requestId) });
        setGeneration((n) => n + 1);
      }),
    [module, queryClient],
  );
  const uploads = useMemo(() => staffUploads(module.requestId), [module.requestId]);
  const { i18n } = useTranslation();
  // The wizard's consents, read by the staff, speak of the family, not as the family.
  const staffI18n = useMemo(() => withStaffWording(i18n), [i18n]);
  return (
    <I18nextProvider i18n={staffI18n}>
      <StepHostProvider host={host} uploads={uploads}>
        <Suspense fallback={<PageLoader />}>
          <Page key={generation} />
        </Suspense>
      </StepHostProvider>
    </I18nextProvider>
  );
}

/** The request's twelve module pages, the current one marked. */
function ModuleNav({ requestId, current, from }: { requestId: number; current: StepId; from: string | null }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("inscriptions:detail.modules")}>
      <Group gap={6} wrap="wrap">
        {STAFF_MODULES.map(({ step }) => {
          const active = step === current;
          return (
            <Button
              key={step}
              component={Link}
              to={modulePath(moduleRouteId(step), requestId, from)}
              size="compact-sm"
              variant={active ? "filled" : "light"}
              aria-current={active ? "page" : undefined}
            >
              {t(routeTitleKey(moduleRouteId(step)))}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}

const screens = new Map<StepId, ComponentType>();

/** The screen of a step's module route (screens.ts registers one per route id); the same component each time. */
export function modulePageFor(step: StepId): ComponentType {
  let Screen = screens.get(step);
  if (!Screen) {
    Screen = () => <ModulePage step={step} />;
    Screen.displayName = `ModulePage(${step})`;
    screens.set(step, Screen);
  }
  return Screen;
}
