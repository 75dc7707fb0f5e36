import { preparingArchives } from "../../src/modules/data-export/data-export.service.ts";
import { completeFile } from "./enrollment.ts";
import { call, type TestApp } from "./test-app.ts";
import { readZip } from "./zip.ts";

/** "My data": presses "Prepare my archive" and waits for this process to finish it; answers the final state. */
export async function prepareArchive(t: TestApp, cookie: string) {
  const started = await call(t, { method: "POST", url: "/api/account/data-export", cookie });
  if (started.statusCode !== 202) throw new Error(`prepare failed: ${started.statusCode} ${started.body}`);
  await preparingArchives();
  const state = await call(t, { method: "GET", url: "/api/account/data-export", cookie });
  return state.json().export as {
    id: string;
    status: string;
    done: number;
    total: number;
    errorCode: string | null;
    errorMessage: string | null;
    expiresAt: string | null;
  };
}

export function downloadArchive(t: TestApp, cookie: string, id: string) {
  return call(t, { method: "GET", url: `/api/account/data-export/${id}/file`, cookie });
}

export async function archiveEntries(t: TestApp, cookie: string, id: string) {
  const response = await downloadArchive(t, cookie, id);
  if (response.statusCode !== 200) throw new Error(`download failed: ${response.statusCode} ${response.body}`);
  return readZip(response.rawPayload);
}

/** A family's file completed and sent through the real endpoints; answers its file and request ids. */
export async function sentFile(t: TestApp, cookie: string) {
  const fileId = await completeFile(t, cookie);
  const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`);
  const request = await t.ctx.db
    .selectFrom("requests")
    .select(["id", "code"])
    .where("file_id", "=", fileId)
    .executeTakeFirstOrThrow();
  return { fileId, requestId: request.id, code: request.code };
}
