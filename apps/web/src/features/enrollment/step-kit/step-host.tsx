import type { StepId } from "@portal/shared/enrollment-steps";
import type { FileContext, StepData } from "@portal/shared/schemas/enrollment-responses";
import { useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import { uploadUrl } from "../enrollment-api.ts";

/**
 * Who a step's form works for: "one form, two contexts". The wizard's step pages ask
 * the host for the step's data, the file's rules, how to save and where to go next; the family's
 * wizard (wizard-frame.tsx) and the staff's module pages (features/inscriptions/module-page.tsx)
 * each provide one, and the same page and fields render in both.
 */
export interface StepHost {
  fileId: number;
  schoolYearId: number;
  /** Query options for a step's saved data. */
  stepQuery: (step: StepId) => { queryKey: readonly unknown[]; queryFn: () => Promise<StepData> };
  /** Query options for the file's rules (levels, birth date, discount). */
  contextQuery: () => { queryKey: readonly unknown[]; queryFn: () => Promise<FileContext> };
  /** Why `step` cannot be changed here (i18n keys of a title and a text), or null when it can. */
  readOnlyNotice: (step: StepId) => ReadOnlyNotice | null;
  /**
   * Saves the step's request body and answers what the server said (the family's file summary;
   * a page may read its warnings); a failure is an ApiError (field messages included).
   */
  save: (step: StepId, body: unknown) => Promise<unknown>;
  /** Where to go once saved (or, read-only, on "next"); null stays on the page. */
  nextPath: (step: StepId, returnTo: string | null) => string | null;
  /** The submit button's label key when the step can be saved. */
  saveLabel: string;
  /** The family's representatives and authorized persons from other files, offered for reuse. */
  offersKnownPeople: boolean;
  /**
   * Whether the school's own fields are shown (BUE codes, the finance step's codes, the "already
   * registered" mark): staff pages only. The family's saves keep their stored values
   * (the server does too: STAFF_ONLY_FIELDS).
   */
  showsStaffFields: boolean;
  /** Reads the record again after a conflict (someone else saved it meanwhile). */
  reload?: () => void;
  /** Whether unsaved typing is kept on the server and offered back (the family's wizard). */
  keepsDrafts?: boolean;
}

/** Why a step is shown read-only: i18n keys, and the values the text names. */
export interface ReadOnlyNotice {
  title: string;
  body: string;
  values?: Record<string, string>;
}

const StepHostContext = createContext<StepHost | null>(null);

export function useStepHost(): StepHost {
  const host = useContext(StepHostContext);
  if (!host) throw new Error("a step page outside a StepHostProvider");
  return host;
}

/** Whether this form shows the school's own fields (StepHost.showsStaffFields). */
export function useShowsStaffFields(): boolean {
  return useContext(StepHostContext)?.showsStaffFields ?? false;
}

/** How upload fields link to the files on record, and whether they may upload (staff view files only). */
export interface UploadAccess {
  urlFor: (uploadId: number) => string;
  canUpload: boolean;
}

/** Outside any host (or in the wizard): the family's own files, which it may replace. */
const FAMILY_UPLOADS: UploadAccess = { urlFor: uploadUrl, canUpload: true };
const UploadAccessContext = createContext<UploadAccess>(FAMILY_UPLOADS);

export function useUploadAccess(): UploadAccess {
  return useContext(UploadAccessContext);
}

export function StepHostProvider({
  host,
  uploads = FAMILY_UPLOADS,
  children,
}: {
  host: StepHost;
  uploads?: UploadAccess;
  children: ReactNode;
}) {
  return (
    <StepHostContext.Provider value={host}>
      <UploadAccessContext.Provider value={uploads}>{children}</UploadAccessContext.Provider>
    </StepHostContext.Provider>
  );
}

/**
 * A step's data is read again at every opening of the step (a save or another device may have
 * changed it). A read this recent counts as this opening's: the one the click that opened the
 * step started beside the step's code (prefetch-step.ts), not to be sent a second time.
 */
export const OPENING_READ_MS = 5_000;

/** A step's saved data, from whoever hosts the form. */
export function useHostStepData(step: StepId) {
  const host = useStepHost();
  return useQuery({ ...host.stepQuery(step), staleTime: OPENING_READ_MS });
}

/** The file's rules' inputs, from whoever hosts the form. */
export function useHostFileContext() {
  const host = useStepHost();
  return useQuery({ ...host.contextQuery(), staleTime: OPENING_READ_MS });
}
