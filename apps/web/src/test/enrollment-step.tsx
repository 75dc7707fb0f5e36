import type { CatalogName } from "@portal/shared/catalogs";
import type { StepId } from "@portal/shared/enrollment-steps";
import { DEFAULT_YEAR_CONSTANTS, DEFAULT_YEAR_NOTICES } from "@portal/shared/rules/year-settings";
import type { FileContext, FileSummary } from "@portal/shared/schemas/enrollment-responses";
import type { CatalogItem } from "@portal/shared/schemas/responses";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { familyStepHost } from "../features/enrollment/family-step-host.ts";
import { StepHostProvider } from "../features/enrollment/step-kit/step-host.tsx";
import { ok, stubApi } from "./fetch-stub.ts";
import { renderScreen, SIGNED_OUT } from "./render.tsx";

/** The family's file being filled in: a first enrollment, nothing sent yet. */
export const FILE: FileSummary = {
  id: 41,
  studentId: 9,
  schoolYearId: 7,
  isNewStudent: true,
  status: "draft",
  studentName: "",
  completedSteps: [],
  nextStep: "studentFile",
  reopenedSteps: null,
};

export function fileContext(overrides: Partial<FileContext> = {}): FileContext {
  return {
    isNewStudent: true,
    previousLevel: null,
    requestableLevels: ["TPS", "PS", "MS"],
    requestedLevel: null,
    birthDate: null,
    schoolYearStartsOn: "2026-09-01",
    familyChildrenThisYear: 1,
    familyDiscountPercent: 0,
    yearSettings: { schoolYearId: 7, constants: DEFAULT_YEAR_CONSTANTS, notices: DEFAULT_YEAR_NOTICES },
    ...overrides,
  };
}

/** A catalogue as GET /api/catalogs/:name answers it, from [code, label] pairs. */
export function catalog(...entries: [string, string][]): CatalogItem[] {
  return entries.map(([code, label], order) => ({ code, label, order, disabled: false }));
}

export const FAMILY: NonNullable<typeof SIGNED_OUT.user> = {
  id: 5,
  email: "carmen@example.ec",
  firstSurname: "Loor",
  secondSurname: "",
  names: "Carmen",
  phone: "0991234567",
  language: "es",
  role: "User",
  isTestData: false,
};

/** The family's wizard as the step pages see it (family-step-host.ts), over the test's query cache. */
function FamilyWizard({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const host = useMemo(() => familyStepHost(FILE, queryClient), [queryClient]);
  return <StepHostProvider host={host}>{children}</StepHostProvider>;
}

const stepUrl = (step: StepId) => `/api/enrollment/files/${FILE.id}/steps/${step}`;

/**
 * A wizard step page as the family opens it: its saved data (and other steps'), the file's
 * context and the catalogues answered by the API stub, every draft request answered as the
 * server does (no draft kept), saving answered with the file. `next` is where "Save and next"
 * leads; the test's router shows "Paso siguiente" there.
 */
export async function renderWizardStep(
  page: ReactNode,
  opts: {
    path: string;
    next: string;
    /** `emailGivenByAnotherFamily`: what the server says of a representative step's e-mail (GET and PUT). */
    steps: Partial<
      Record<StepId, { data: Record<string, unknown> | null; completed?: boolean; emailGivenByAnotherFamily?: boolean }>
    >;
    context?: FileContext;
    catalogs: Partial<Record<CatalogName, CatalogItem[]>>;
    /** Other answers the page asks for (the terms step's school texts). */
    more?: Parameters<typeof stubApi>[0];
  },
) {
  const routes: Parameters<typeof stubApi>[0] = {
    [`GET /api/enrollment/files/${FILE.id}/context`]: ok(opts.context ?? fileContext()),
    [`GET /api/enrollment/files/${FILE.id}/known-people`]: ok({ representatives: [], authorizedPersons: [] }),
  };
  for (const [step, saved] of Object.entries(opts.steps)) {
    const warning =
      saved.emailGivenByAnotherFamily === undefined
        ? {}
        : { emailGivenByAnotherFamily: saved.emailGivenByAnotherFamily };
    routes[`GET ${stepUrl(step as StepId)}`] = ok({
      step,
      data: saved.data,
      completed: saved.completed ?? false,
      ...warning,
    });
    routes[`PUT ${stepUrl(step as StepId)}`] = ok({ ...FILE, ...warning });
    routes[`GET ${stepUrl(step as StepId)}/draft`] = ok(null);
    routes[`PUT ${stepUrl(step as StepId)}/draft`] = ok({ savedAt: "2026-12-07T08:00:00.000Z" });
  }
  for (const [name, items] of Object.entries(opts.catalogs)) routes[`GET /api/catalogs/${name}`] = ok(items);
  const api = stubApi({ ...routes, ...opts.more });
  const view = await renderScreen(<FamilyWizard>{page}</FamilyWizard>, {
    path: opts.path,
    routes: { [opts.next]: <p>Paso siguiente</p> },
    session: { ...SIGNED_OUT, user: FAMILY },
    namespaces: ["enrollment"],
  });
  return { api, ...view };
}
