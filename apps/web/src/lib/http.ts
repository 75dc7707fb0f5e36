import { ApiError, NETWORK_ERROR } from "./api-error.ts";
import { dispositionFilename } from "./content-disposition.ts";
import { deskHeaders } from "./desk-mode.ts";
import { i18n } from "./i18n.ts";

/**
 * App-wide reactions to some answers. The router and the query cache register them at start-up,
 * so this module stays free of React.
 */
interface HttpHandlers {
  /** A call needed a session that is gone: the session query is refreshed and guards take over. */
  onUnauthenticated: () => void;
  /** The portal went into maintenance mode while the user was in it. */
  onMaintenance: () => void;
}

let handlers: HttpHandlers = { onUnauthenticated: () => {}, onMaintenance: () => {} };

export function setHttpHandlers(next: HttpHandlers): void {
  handlers = next;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function readError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  // The schema (and zod) load with the first error, not with the login route.
  const parsed = await import("@portal/shared/schemas/responses").then(
    ({ errorBodySchema }) => errorBodySchema.safeParse(body),
    () => null,
  );
  if (parsed?.success) {
    const { code, message, fields, details } = parsed.data.error;
    return new ApiError(response.status, code, message, fields, details);
  }
  return new ApiError(response.status, "INTERNAL", i18n.t("errors:INTERNAL"));
}

/** Sends one same-origin request and applies the app-wide reactions; every non-2xx becomes an ApiError. */
async function send<T>(path: string, init: RequestInit): Promise<T> {
  const response = await fetchOk(path, init);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** One same-origin fetch with the app-wide reactions: the response when 2xx, else its ApiError (for streamed reads). */
export async function fetchOk(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    // A staff member filling in the wizard for a walk-in family: its calls act for that family.
    const desk = deskHeaders(path);
    const headers =
      Object.keys(desk).length > 0 ? { ...(init.headers as Record<string, string>), ...desk } : init.headers;
    response = await fetch(path, { ...init, headers, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, i18n.t("common:errors.network"));
  }
  if (!response.ok) {
    const error = await readError(response);
    if (error.status === 401 && error.code === "UNAUTHENTICATED") handlers.onUnauthenticated();
    if (error.status === 503 && error.code === "MAINTENANCE") handlers.onMaintenance();
    throw error;
  }
  return response;
}

/** JSON over same-origin fetch; every non-2xx answer becomes an ApiError. */
export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  // Fastify refuses an empty body announced as JSON, so the header goes only with a body.
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return send<T>(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/**
 * POSTs one file as multipart/form-data (a single part named `file`), with the same error handling
 * as `request`. The browser writes the multipart boundary, so no Content-Type is set here.
 */
export async function upload<T>(path: string, file: File): Promise<T> {
  const body = new FormData();
  body.append("file", file, file.name);
  return send<T>(path, { method: "POST", headers: { Accept: "application/json" }, body });
}

/** GETs a file (a generated PDF…) with the same error handling: its content and its name. */
export async function download(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const response = await fetchOk(path, { method: "GET" });
  return {
    blob: await response.blob(),
    filename: dispositionFilename(response.headers.get("Content-Disposition"), fallbackName),
  };
}

export const http = {
  get: <T>(path: string) => request<T>("GET", path),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, body),
  patch: <T>(path: string, body?: unknown) => request<T>("PATCH", path, body),
  delete: <T>(path: string) => request<T>("DELETE", path),
};
