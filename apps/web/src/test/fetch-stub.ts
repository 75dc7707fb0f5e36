import { vi } from "vitest";

/** One request the app sent, as the server would read it. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown };
type Handler = (request: SentRequest) => Answer | Promise<Answer>;

/** A JSON answer. */
export const ok = (body: unknown): Answer => ({ status: 200, body });

/** The server's error body (`{ error: { code, message, fields } }`), as ApiError reads it. */
export function apiError(status: number, code: string, message: string, fields: Record<string, string> = {}): Answer {
  return { status, body: { error: { code, message, fields } } };
}

/**
 * The network boundary, and only it: `fetch` is replaced by a table of answers keyed by
 * "METHOD /path" (the query string is part of the path only when the key has one), and every
 * request is recorded with its parsed JSON body. A request nobody answers fails the way a missing
 * route does (404) and is listed in `unanswered`, so a test can say none was expected.
 */
export function stubApi(routes: Record<string, Handler | Answer>) {
  const sent: SentRequest[] = [];
  const unanswered: SentRequest[] = [];
  const table = { ...routes };
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://portal.test");
    const method = (init.method ?? "GET").toUpperCase();
    const body = typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? null);
    const request = { method, path: url.pathname + url.search, body };
    sent.push(request);
    const route = table[`${method} ${url.pathname}${url.search}`] ?? table[`${method} ${url.pathname}`];
    if (!route) unanswered.push(request);
    const answer = !route
      ? apiError(404, "NOT_FOUND", "no stub")
      : typeof route === "function"
        ? await route(request)
        : route;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  };
  vi.stubGlobal("fetch", vi.fn(fetchStub));
  return {
    /** Every request, in order. */
    sent,
    unanswered,
    /** The requests to one "METHOD /path" (query string ignored). */
    to: (key: string) => sent.filter((request) => `${request.method} ${request.path.split("?")[0]}` === key),
    /** Changes or adds an answer during a test (the next attempt gets it). */
    answer: (key: string, route: Handler | Answer) => {
      table[key] = route;
    },
  };
}
