import {
  type DataExportCurrent,
  type DataExportState,
  dataExportCurrentSchema,
  dataExportStateSchema,
} from "@portal/shared/schemas/data-export";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** "My data" (docs/data-protection.md): the family's latest archive, polled while it is being prepared. */
export const MY_DATA_QUERY_KEY = ["my-data"] as const;

/** How often the screen asks for the progress while the archive is being prepared. */
const POLL_MS = 1000;

export function useMyDataExport() {
  return useQuery({
    queryKey: MY_DATA_QUERY_KEY,
    queryFn: async (): Promise<DataExportCurrent> =>
      dataExportCurrentSchema.parse(await http.get("/api/account/data-export")),
    refetchInterval: (query) => (query.state.data?.export?.status === "running" ? POLL_MS : false),
  });
}

export const startMyDataExport = async (): Promise<DataExportState> =>
  dataExportStateSchema.parse(await http.post("/api/account/data-export", {}));

/** The archive's download: a plain link, so the browser streams the file to the disk itself. */
export const myDataDownloadHref = (id: string) => `/api/account/data-export/${encodeURIComponent(id)}/file`;
