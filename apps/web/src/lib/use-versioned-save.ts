import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { hasErrorCode, isApiError } from "./api-error.ts";
import { notifyRecord } from "./toasts.ts";

/**
 * A settings form saved at the version it read: the saved answer replaces the cached one (and a
 * toast says so); a 409 `conflictCode` reloads the query and raises `conflict`, for the form's
 * "changed by someone else, reloaded" alert; the server's field errors land under their fields
 * (`fieldErrors` maps them, e.g. to a table's rows); anything else is the form's error.
 */
export function useVersionedSave<TBody, TSaved, TErrors extends object = Record<string, string>>(options: {
  save: (body: TBody) => Promise<TSaved>;
  queryKey: QueryKey;
  conflictCode: string;
  fieldErrors?: (fields: Record<string, string>) => TErrors;
  onSaved?: (saved: TSaved) => void;
}) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<TErrors>({} as TErrors);
  const [formError, setFormError] = useState<unknown>(null);
  const [conflict, setConflict] = useState(false);
  const mutation = useMutation({
    mutationFn: options.save,
    onMutate: () => {
      setErrors({} as TErrors);
      setFormError(null);
      setConflict(false);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(options.queryKey, saved);
      options.onSaved?.(saved);
      notifyRecord("updated");
    },
    onError: async (error) => {
      if (hasErrorCode(error, options.conflictCode)) {
        setConflict(true);
        await queryClient.invalidateQueries({ queryKey: options.queryKey });
        return;
      }
      const fields = isApiError(error) ? error.fields : {};
      const mapped = options.fieldErrors ? options.fieldErrors(fields) : (fields as TErrors);
      if (Object.keys(mapped).length > 0) setErrors(mapped);
      else setFormError(error);
    },
  });
  return { mutation, errors, setErrors, formError, conflict };
}
