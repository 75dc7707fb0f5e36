import type { FastifyReply, FastifyRequest } from "fastify";
import type { DrawnPage } from "./drawn-page-cache.ts";

/** Whether Accept-Encoding names `coding` without refusing it (q=0). */
function accepts(header: string | undefined, coding: string): boolean {
  return (header ?? "").split(",").some((part) => {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (name.trim() !== coding) return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends a drawn page in the encoding the browser accepts (br, then gzip). It was drawn for this
 * visitor's language and for signed-out visitors only: no shared cache may keep it, nor give it
 * to another language or to a signed-in visitor (Vary), and the browser asks again each time.
 */
export function sendDrawnPage(request: FastifyRequest, reply: FastifyReply, page: DrawnPage, language: string) {
  const acceptEncoding = request.headers["accept-encoding"];
  reply
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "private, no-cache")
    .header("Vary", "Accept-Encoding, Accept-Language, Cookie")
    .header("Content-Language", language);
  if (accepts(acceptEncoding, "br")) return reply.header("Content-Encoding", "br").send(page.br);
  if (accepts(acceptEncoding, "gzip")) return reply.header("Content-Encoding", "gzip").send(page.gzip);
  return reply.send(page.html);
}
