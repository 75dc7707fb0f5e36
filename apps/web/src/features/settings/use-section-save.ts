import type { GeneralSettingsPage } from "@portal/shared/schemas/general-settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { hasErrorCode } from "../../lib/api-error.ts";
import { PUBLIC_CONFIG_QUERY_KEY } from "../../lib/public-config-query.ts";
import { notifyRecord } from "../../lib/toasts.ts";
import { GENERAL_PAGE_QUERY_KEY } from "./settings-api.ts";

/**
 * Saving one section of Settings › General. On success every view of the settings is refreshed
 * (the header and theme read the public config). A 409 means another Admin saved first: the
 * page's data is reloaded and `conflict` is set so the section says so.
 */
export function useSectionSave<T>(
  save: (input: T) => Promise<GeneralSettingsPage>,
  onError?: (error: unknown) => void,
) {
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const mutation = useMutation({
    mutationFn: save,
    onMutate: () => setConflict(false),
    onSuccess: async () => {
      notifyRecord("updated");
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: GENERAL_PAGE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_CONFIG_QUERY_KEY }),
      ]);
    },
    onError: async (error) => {
      if (hasErrorCode(error, "SETTINGS_VERSION_CONFLICT")) {
        setConflict(true);
        await queryClient.invalidateQueries({ queryKey: GENERAL_PAGE_QUERY_KEY });
        return;
      }
      onError?.(error);
    },
  });
  return { mutation, conflict };
}
