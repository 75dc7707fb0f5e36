import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { jpegPhoto, startFile, uploadAs } from "./support/enrollment.ts";
import { mayMountTmpfs } from "./support/full-disk.ts";
import { createOwnDatabase } from "./support/own-database.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * The files folder failing: an upload answers 507 STORAGE_UNAVAILABLE in the user's
 * language, leaves no partial file behind, and /api/health answers 503 `reason: "storage"`
 * until the folder takes writes again. Two real faults: a full disk (a tiny tmpfs mounted on
 * DATA_DIR/files, where the machine lets us mount) and a folder replaced by a file (ENOTDIR).
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let canMount = false;
beforeAll(() => {
  canMount = mayMountTmpfs();
});

async function familyWithFile() {
  const own = await createOwnDatabase("storage");
  cleanups.push(() => own.drop());
  const t = await createTestApp(own.env);
  cleanups.push(() => t.close());
  const family = await signedInAs(t, "User", { language: "en" });
  const fileId = (await startFile(t, family.cookie)).json().id as number;
  const files = path.join(own.dataDir, "files");
  return { t, cookie: family.cookie, fileId, files };
}

async function uploadPhoto(t: TestApp, cookie: string, fileId: number) {
  return uploadAs(t, cookie, fileId, "studentPhoto", await jpegPhoto(), "photo.jpg", "image/jpeg");
}

async function uploadRows(t: TestApp, fileId: number): Promise<number> {
  const rows = await t.ctx.db.selectFrom("uploads").select("id").where("file_id", "=", fileId).execute();
  return rows.length;
}

async function health(t: TestApp) {
  const response = await call(t, { method: "GET", url: "/api/health" });
  return { status: response.statusCode, body: response.json() };
}

describe("a files folder that cannot be written", () => {
  it("on a full disk (tmpfs) answers 507 in the user's language, removes the partial file, and health says storage", async (context) => {
    if (!canMount) context.skip("mounting a tmpfs is not allowed here; the ENOTDIR test still runs");
    const { t, cookie, fileId, files } = await familyWithFile();
    fs.mkdirSync(files, { recursive: true });
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", files]);
    cleanups.push(() => {
      execFileSync("umount", [files]);
    });
    expect((await uploadPhoto(t, cookie, fileId)).statusCode).toBe(201);

    // Fill the disk to the last byte.
    const filler = path.join(files, "filler");
    const descriptor = fs.openSync(filler, "w");
    try {
      for (;;) fs.writeSync(descriptor, Buffer.alloc(4096));
    } catch (error) {
      expect((error as { code?: string }).code).toBe("ENOSPC");
    } finally {
      fs.closeSync(descriptor);
    }
    const before = fs.readdirSync(files).sort();

    const refused = await uploadPhoto(t, cookie, fileId);
    expect(refused.statusCode, refused.body).toBe(507);
    expect(errorOf(refused)).toEqual({
      code: "STORAGE_UNAVAILABLE",
      message:
        "The file could not be saved: the portal's storage is full or unavailable. Try again later or tell the school office.",
    });
    expect(fs.readdirSync(files).sort()).toEqual(before);
    expect(await uploadRows(t, fileId)).toBe(1);
    expect(await health(t)).toEqual({ status: 503, body: { status: "unavailable", reason: "storage" } });

    fs.rmSync(filler);
    expect(await health(t)).toEqual({ status: 200, body: { status: "ok" } });
    expect((await uploadPhoto(t, cookie, fileId)).statusCode).toBe(201);
    expect(await uploadRows(t, fileId)).toBe(2);
  });

  it("when DATA_DIR/files is not a folder (ENOTDIR) answers 507 and health says storage, until it is one again", async () => {
    const { t, cookie, fileId, files } = await familyWithFile();
    fs.rmSync(files, { recursive: true, force: true });
    fs.writeFileSync(files, "not a folder");

    const refused = await uploadPhoto(t, cookie, fileId);
    expect(refused.statusCode, refused.body).toBe(507);
    expect(errorOf(refused).code).toBe("STORAGE_UNAVAILABLE");
    expect(await uploadRows(t, fileId)).toBe(0);
    expect(await health(t)).toEqual({ status: 503, body: { status: "unavailable", reason: "storage" } });

    fs.rmSync(files);
    expect(await health(t)).toEqual({ status: 200, body: { status: "ok" } });
    expect((await uploadPhoto(t, cookie, fileId)).statusCode).toBe(201);
  });
});
