import { Box, Button, Collapse, Grid, Paper, Progress, Stack, Stepper, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { BREAKPOINT_MOBILE_PX } from "@portal/shared/constants";
import type { FileSummary } from "@portal/shared/schemas/enrollment-responses";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, Suspense, useContext, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { DeskGate } from "./desk-gate.tsx";
import { useFileSummary } from "./enrollment-api.ts";
import { useInscriptionStore } from "./enrollment-store.ts";
import { familyStepHost } from "./family-step-host.ts";
import { prefetchWizardStep } from "./prefetch-step.ts";
import { StepHostProvider } from "./step-kit/step-host.tsx";
import { StepTemplates } from "./step-templates.tsx";
import {
  isWizardStepOpen,
  resumeStep,
  WIZARD_STEP_COUNT,
  WIZARD_STEPS,
  type WizardStep,
  wizardPath,
  wizardStepByRouteId,
} from "./wizard-steps.ts";

/** The file the current wizard step works on; provided by the frame once it is loaded and open. */
const WizardFileContext = createContext<FileSummary | null>(null);

export function useWizardFile(): FileSummary {
  const file = useContext(WizardFileContext);
  if (!file) throw new Error("useWizardFile outside a loaded wizard step");
  return file;
}

function CheckIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 12l5 5 9-10" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

interface ProgressProps {
  current: WizardStep;
  file: FileSummary | null;
}

function isDone(step: WizardStep, file: FileSummary | null): boolean {
  if (!file) return false;
  if (step.key === "welcome") return true;
  return (file.completedSteps as readonly string[]).includes(step.key);
}

/** Every step of the wizard: the current one highlighted, completed ones ticked and clickable. */
function WizardStepper({ current, file }: ProgressProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = (step: WizardStep) => step.key === "welcome" || (file !== null && isWizardStepOpen(step.key, file));
  return (
    <Stepper
      active={current.number - 1}
      orientation="vertical"
      size="sm"
      completedIcon={<CheckIcon />}
      onStepClick={(index) => {
        const step = WIZARD_STEPS[index];
        if (!step || step.key === current.key || !open(step)) return;
        if (file) prefetchWizardStep(queryClient, file.id, step.key);
        void navigate(step.path);
      }}
    >
      {WIZARD_STEPS.map((step) => {
        const done = isDone(step, file);
        // Mantine ticks the steps before the active one; a completed step after it gets the tick here.
        const tick = done && step.number > current.number;
        return (
          <Stepper.Step
            key={step.key}
            label={t(routeTitleKey(step.routeId))}
            description={
              step.number === current.number
                ? t("enrollment:frame.current")
                : done
                  ? t("enrollment:frame.completed")
                  : !open(step)
                    ? t("enrollment:frame.locked")
                    : undefined
            }
            icon={tick ? <CheckIcon /> : undefined}
            allowStepSelect={step.key !== current.key && open(step)}
            aria-current={step.number === current.number ? "step" : undefined}
            data-completed={done || undefined}
          />
        );
      })}
    </Stepper>
  );
}

/**
 * Phones: where the family is, as a sentence and a bar, with the full list behind a button. The
 * list opened on one step is closed on the next: left open it pushed each later step's screen
 * (the congratulations among them) below the fold.
 */
function CompactProgress({ current, file }: ProgressProps) {
  const { t } = useTranslation();
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const opened = openedOn === current.key;
  const toggle = () => setOpenedOn(opened ? null : current.key);
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Text fw={600}>
          {t("enrollment:frame.positionTitle", {
            current: current.number,
            total: WIZARD_STEP_COUNT,
            title: t(routeTitleKey(current.routeId)),
          })}
        </Text>
        <Progress value={(current.number / WIZARD_STEP_COUNT) * 100} aria-hidden="true" />
        <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={opened}>
          {opened ? t("enrollment:frame.hideSteps") : t("enrollment:frame.showSteps")}
        </Button>
        <Collapse in={opened}>
          <WizardStepper current={current} file={file} />
        </Collapse>
      </Stack>
    </Paper>
  );
}

function FrameLayout({ current, file, children }: ProgressProps & { children: ReactNode }) {
  const { t } = useTranslation();
  const desktop = useMediaQuery(`(min-width: ${BREAKPOINT_MOBILE_PX}px)`, true, { getInitialValueInEffect: false });
  const setPosition = useInscriptionStore((state) => state.setPosition);
  useEffect(() => setPosition(current.number), [current.number, setPosition]);

  // One tree at every width: only the progress column changes. Switching trees when a tablet turns
  // or a window narrows would remount the step and lose what the family typed.
  return (
    <Grid gutter="lg">
      <Grid.Col span={desktop ? 3 : 12}>
        {desktop ? (
          <Paper withBorder p="md" component="nav" aria-label={t("enrollment:frame.stepsLabel")}>
            <WizardStepper current={current} file={file} />
          </Paper>
        ) : (
          <CompactProgress current={current} file={file} />
        )}
      </Grid.Col>
      <Grid.Col span={desktop ? 9 : 12}>
        <Box>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </Box>
      </Grid.Col>
    </Grid>
  );
}

/** A data, summary or congratulations step: needs the chosen file, and the step must be open. */
function FileStepFrame({ current, children }: { current: WizardStep; children: ReactNode }) {
  const fileId = useInscriptionStore((state) => state.currentInscription);
  const selectFile = useInscriptionStore((state) => state.selectFile);
  const clear = useInscriptionStore((state) => state.clear);
  const file = useFileSummary(fileId);
  const gone = file.isError && hasErrorCode(file.error, "NOT_FOUND", "NOT_YOUR_STUDENT", "FORBIDDEN");

  useEffect(() => {
    if (file.data) selectFile(file.data);
  }, [file.data, selectFile]);
  useEffect(() => {
    if (gone) clear();
  }, [gone, clear]);

  if (fileId === null || gone) return <Navigate to={wizardPath("welcome")} replace />;
  if (file.isError) return <FormErrorAlert error={file.error} />;
  if (!file.data) return <PageLoader />;
  if (!isWizardStepOpen(current.key, file.data)) return <Navigate to={wizardPath(resumeStep(file.data))} replace />;
  return (
    <FrameLayout current={current} file={file.data}>
      <StepTemplates step={current.key} />
      <WizardFileContext.Provider value={file.data}>
        {/* Another file (the family switched to one of its students) starts the step's form afresh. */}
        <FamilyHost key={file.data.id} file={file.data}>
          {children}
        </FamilyHost>
      </WizardFileContext.Provider>
    </FrameLayout>
  );
}

/** The family's file as the host of the step pages (one form, two contexts). */
function FamilyHost({ file, children }: { file: FileSummary; children: ReactNode }) {
  const queryClient = useQueryClient();
  const host = useMemo(() => familyStepHost(file, queryClient), [file, queryClient]);
  return <StepHostProvider host={host}>{children}</StepHostProvider>;
}

/** The frame of the fifteen wizard routes (spec 2): progress beside the step's screen. */
export function WizardFrame({ routeId, children }: { routeId: string; children: ReactNode }) {
  const current = wizardStepByRouteId(routeId);
  if (!current) return <>{children}</>;
  if (current.key === "welcome") {
    return (
      <DeskGate>
        <FrameLayout current={current} file={null}>
          {children}
        </FrameLayout>
      </DeskGate>
    );
  }
  return (
    <DeskGate>
      <FileStepFrame current={current}>{children}</FileStepFrame>
    </DeskGate>
  );
}
