import { isStepId } from "@portal/shared/enrollment-steps";
import type { QueryClient } from "@tanstack/react-query";
import { catalogQuery } from "../../lib/catalog-query.ts";
import { i18n } from "../../lib/i18n.ts";
import { preloadScreen } from "../../lib/screen-preload.ts";
import { fileContextQuery, fileSummaryQuery, stepDataQuery } from "./enrollment-api.ts";
import { catalogsOfStep } from "./step-kit/step-catalogs.ts";
import { OPENING_READ_MS } from "./step-kit/step-host.tsx";
import { fileRulesQuery } from "./step-kit/upload-rules.ts";
import { wizardPath } from "./wizard-steps.ts";

/**
 * What a wizard step shows its first field with, asked for at the click that opens it, all at
 * once: the step's code, the file's summary (the frame's), the step's saved data and the file's
 * context, the school's file rules, the step's catalogues. Without it each waited for the one before it (the
 * frame for the summary, the step's queries for its code and first render): several round trips
 * on a phone network (docs/web.md "Opening a wizard step"). A failure here is the screen's to
 * show when it asks again, so errors are dropped.
 */
export function prefetchWizardStep(queryClient: QueryClient, fileId: number, stepKey: string): void {
  // The step's code too, read and run while its data travels, rather than once the frame has the summary.
  preloadScreen(wizardPath(stepKey));
  const language = i18n.language;
  const fetches: Promise<unknown>[] = [
    queryClient.prefetchQuery(fileSummaryQuery(fileId)),
    queryClient.prefetchQuery(fileRulesQuery(language)),
    ...catalogsOfStep(stepKey).map((name) => queryClient.prefetchQuery(catalogQuery(name, language))),
  ];
  if (isStepId(stepKey)) {
    fetches.push(
      queryClient.prefetchQuery({ ...stepDataQuery(fileId, stepKey), staleTime: OPENING_READ_MS }),
      queryClient.prefetchQuery({ ...fileContextQuery(fileId), staleTime: OPENING_READ_MS }),
    );
  }
  void Promise.all(fetches);
}
