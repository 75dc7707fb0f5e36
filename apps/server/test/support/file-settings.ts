import { expect } from "vitest";
import { minimalPdf } from "./documents.ts";
import { call, type TestApp } from "./test-app.ts";

// Settings › Files: what file-limits, file-templates and file-template-storage specs share.

export interface Kind {
  kind: string;
  maxBytes: number;
  types: string[];
  version: number;
  defaultMaxBytes: number;
  allowedTypes: string[];
}

export interface Template {
  id: number;
  step: string;
  titleEs: string;
  version: number;
  files: { language: string; name: string; size: number }[];
}

export interface FileSettings {
  kinds: Kind[];
  templates: Template[];
  ceilingBytes: number;
  floorBytes: number;
}

type KindUpdate = { kind: string; maxBytes: number; types: string[]; version: number };

/**
 * Calls on Settings › Files as the signed-in Admin. `app` is read at each call, so a spec may
 * bind these at load time and open its app in `beforeAll`.
 */
export function fileSettingsApi(app: () => { t: TestApp; cookie: string }) {
  async function readSettings(cookie = app().cookie): Promise<FileSettings> {
    const response = await call(app().t, { method: "GET", url: "/api/settings/files", cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as FileSettings;
  }

  async function kindNow(kind: string): Promise<Kind> {
    return (await readSettings()).kinds.find((k) => k.kind === kind)!;
  }

  function saveKinds(kinds: KindUpdate[], cookie = app().cookie) {
    return call(app().t, { method: "PUT", url: "/api/settings/files", cookie, payload: { kinds } });
  }

  function auditEvents(event: string) {
    return app()
      .t.ctx.db.selectFrom("audit_events")
      .select(["details", "actor_user_id"])
      .where("event", "=", event)
      .orderBy("id")
      .execute();
  }

  return { readSettings, kindNow, saveKinds, auditEvents };
}

/** A PDF of about `bytes` bytes: a valid document with a comment line padding it out. */
export function pdfOfSize(bytes: number): Buffer {
  const pdf = minimalPdf();
  return Buffer.concat([pdf, Buffer.from(`%${"x".repeat(Math.max(0, bytes - pdf.length - 2))}\n`)]);
}
