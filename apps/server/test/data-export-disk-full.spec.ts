import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { archiveEntries, prepareArchive } from "./support/data-export.ts";
import { jpegPhoto, startFile, uploadAs } from "./support/enrollment.ts";
import { mayMountTmpfs } from "./support/full-disk.ts";
import { createOwnDatabase } from "./support/own-database.ts";
import { createTestApp, signedInAs } from "./support/test-app.ts";

/*
 * "My data" on a full disk (docs/data-protection.md "Faults"): the archive fails with a clear
 * message in the family's language, no partial file is left, and once there is room again the
 * family's retry works. A real full disk: a small tmpfs mounted on DATA_DIR/exports.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let canMount = false;
beforeAll(() => {
  canMount = mayMountTmpfs();
});

describe("the archive on a full disk", () => {
  it("fails with STORAGE_UNAVAILABLE in the family's language, leaves no partial file, and a retry works", async (context) => {
    if (!canMount) context.skip("mounting a tmpfs is not allowed here");
    const own = await createOwnDatabase("data-export-disk");
    cleanups.push(() => own.drop());
    const t = await createTestApp(own.env);
    cleanups.push(() => t.close());
    const family = await signedInAs(t, "User", { language: "en" });
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    // A photo bigger than what is left on the disk, so the archive fails half-way through it.
    const photo = await jpegPhoto({ width: 1600, height: 1200 });
    expect((await uploadAs(t, family.cookie, fileId, "studentPhoto", photo, "p.jpg", "image/jpeg")).statusCode).toBe(
      201,
    );

    const exports = path.join(own.dataDir, "exports");
    fs.mkdirSync(exports, { recursive: true });
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", exports]);
    cleanups.push(() => {
      execFileSync("umount", [exports]);
    });
    const filler = path.join(exports, "filler");
    const descriptor = fs.openSync(filler, "w");
    try {
      for (;;) fs.writeSync(descriptor, Buffer.alloc(4096));
    } catch (error) {
      expect((error as { code?: string }).code).toBe("ENOSPC");
    } finally {
      fs.closeSync(descriptor);
    }

    const failed = await prepareArchive(t, family.cookie);
    expect(failed).toMatchObject({ status: "failed", errorCode: "STORAGE_UNAVAILABLE" });
    expect(failed.errorMessage).toContain("storage is full");
    expect(fs.readdirSync(exports)).toEqual(["filler"]);

    fs.rmSync(filler);
    const retried = await prepareArchive(t, family.cookie);
    expect(retried.status).toBe("ready");
    expect(retried.id).not.toBe(failed.id);
    const entries = await archiveEntries(t, family.cookie, retried.id);
    expect([...entries.keys()].some((name) => name.startsWith("uploads/"))).toBe(true);
  });
});
