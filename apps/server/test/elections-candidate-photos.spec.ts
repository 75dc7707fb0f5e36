import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { minimalPdf, multipart } from "./support/documents.ts";
import {
  electionBody,
  insertOwnYear,
  newOrganization,
  openWindowNow,
  parentWithRequest,
  scheduledElection,
} from "./support/elections.ts";
import { jpegPhoto } from "./support/enrollment.ts";
import { createOwnDatabase } from "./support/own-database.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * Candidates' photos: the Admin uploads one per candidate while the election can be
 * edited; the server re-encodes it (a 500 × 500 JPEG without metadata), keeps its storage name in
 * election_candidates.photo_ref and serves it to the Admin and to the families who see the election.
 */

let t: TestApp;
let admin: { id: number; cookie: string };
let yearId: number;
let filesDir: string;
let dataDir: string;
beforeAll(async () => {
  // Its own data folder: the count of stored files below must not see other spec files' uploads.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-candidate-photos-"));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await signedInAs(t, "Admin", { language: "en" });
  yearId = await insertOwnYear(t, "admin");
  filesDir = path.join(dataDir, "files");
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const upload = (candidateId: number, content: Buffer, name = "photo.jpg", type = "image/jpeg", cookie = admin.cookie) =>
  call(t, {
    method: "POST",
    url: `/api/settings/election-candidates/${candidateId}/photo`,
    cookie,
    ...multipart(content, name, type),
  });

const photoOf = (url: string, cookie?: string) => call(t, { method: "GET", url, ...(cookie ? { cookie } : {}) });

const photoRef = async (candidateId: number) =>
  (
    await t.ctx.db
      .selectFrom("election_candidates")
      .select("photo_ref")
      .where("id", "=", candidateId)
      .executeTakeFirstOrThrow()
  ).photo_ref;

/** A draft election with one list of two eligible candidates; the candidates' ids. */
async function draftWithCandidates(app = t, cookie = admin.cookie, year = yearId) {
  const created = await call(app, {
    method: "POST",
    url: "/api/settings/elections",
    cookie,
    payload: electionBody(year),
  });
  const electionId: number = created.json().id;
  const organizationId = await newOrganization(app, cookie, "Asociación");
  const list = await call(app, {
    method: "POST",
    url: `/api/settings/elections/${electionId}/lists`,
    cookie,
    payload: { organizationId, name: "Lista" },
  });
  const listId: number = list.json().lists[0].id;
  const people = [(await parentWithRequest(app, year)).id, (await parentWithRequest(app, year)).id];
  const saved = await call(app, {
    method: "PUT",
    url: `/api/settings/election-lists/${listId}/candidates`,
    cookie,
    payload: { candidates: people.map((userId) => ({ userId })) },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const candidates: { id: number; userId: number }[] = saved.json().lists[0].candidates;
  return { electionId, listId, people, candidates: candidates.map((c) => c.id), version: saved.json().version };
}

function candidateInView(view: { lists: { candidates: { id: number; photoUrl: string | null }[] }[] }, id: number) {
  return view.lists.flatMap((list) => list.candidates).find((c) => c.id === id);
}

describe("a candidate's photo", () => {
  it("is re-encoded to a 500 × 500 JPEG without metadata, served with nosniff, audited, and a new one replaces the old file", async () => {
    const election = await scheduledElection(t, admin.cookie, yearId);
    const family = await (await parentWithRequest(t, yearId)).cookie();
    const [candidateId] = (await adminCandidates(election.id)) as [number];

    const sent = await jpegPhoto({ width: 900, height: 600, gps: true });
    expect((await sharp(sent).metadata()).exif).toBeDefined();
    const uploaded = await upload(candidateId, sent);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = candidateInView(uploaded.json(), candidateId)?.photoUrl as string;
    expect(url).toMatch(new RegExp(`^/api/elections/candidates/${candidateId}/photo\\?v=[0-9a-f]+$`));
    const firstKey = (await photoRef(candidateId)) as string;
    expect(fs.existsSync(path.join(filesDir, firstKey))).toBe(true);

    // The family reads it through its election page's address; so does the Admin.
    expect(
      candidateInView(
        (await call(t, { method: "GET", url: `/api/elections/${election.id}`, cookie: family })).json(),
        candidateId,
      )?.photoUrl,
    ).toBe(url);
    for (const cookie of [family, admin.cookie]) {
      const served = await photoOf(url, cookie);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/jpeg");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["cache-control"]).toBe("no-store");
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "jpeg", width: 500, height: 500 });
      expect(meta.exif).toBeUndefined();
    }

    const png = await sharp({ create: { width: 300, height: 400, channels: 4, background: "#3366aa" } })
      .png()
      .toBuffer();
    const replaced = await upload(candidateId, png, "photo.png", "image/png");
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newUrl = candidateInView(replaced.json(), candidateId)?.photoUrl;
    expect(newUrl).not.toBe(url);
    expect(fs.existsSync(path.join(filesDir, firstKey))).toBe(false);
    const served = await photoOf(newUrl as string, family);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 500, height: 500 });

    const events = await t.ctx.db
      .selectFrom("audit_events")
      .select("event")
      .where("event", "=", "election.candidatePhotoChanged")
      .where("details", "like", `%"electionId":${election.id},%`)
      .execute();
    expect(events).toHaveLength(2);
  });

  it("refuses a PDF, a text file named .jpg, an empty form and a photo over 5 MB, with a code; nothing is stored", async () => {
    const { candidates } = await draftWithCandidates();
    const [candidateId] = candidates as [number];
    const before = fs.existsSync(filesDir) ? fs.readdirSync(filesDir).length : 0;
    for (const [content, name, type] of [
      [minimalPdf(), "photo.pdf", "application/pdf"],
      [Buffer.from("just some text, not a photo"), "photo.jpg", "image/jpeg"],
    ] as const) {
      const refused = await upload(candidateId, content, name, type);
      expect(refused.statusCode, name).toBe(400);
      expect(errorOf(refused)).toEqual({
        code: "UPLOAD_NOT_IMAGE",
        message: "The photo must be a valid PNG or JPG image",
      });
    }
    const tooLarge = await upload(candidateId, Buffer.concat([await jpegPhoto(), Buffer.alloc(5 * 1024 * 1024)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge).code).toBe("UPLOAD_TOO_LARGE");
    const notMultipart = await call(t, {
      method: "POST",
      url: `/api/settings/election-candidates/${candidateId}/photo`,
      cookie: admin.cookie,
      payload: { photo: "x" },
    });
    expect(notMultipart.statusCode).toBe(415);
    const unknown = await upload(2_147_483_000, await jpegPhoto());
    expect(unknown.statusCode).toBe(404);
    expect(await photoRef(candidateId)).toBeNull();
    expect(fs.existsSync(filesDir) ? fs.readdirSync(filesDir).length : 0).toBe(before);
  });

  it("is the Admin's to change and the electionsView roles' to see; a draft or cancelled election's is not shown to families", async () => {
    const { candidates, listId, people } = await draftWithCandidates();
    const [candidateId] = candidates as [number];
    const uploaded = await upload(candidateId, await jpegPhoto());
    const url = candidateInView(uploaded.json(), candidateId)?.photoUrl as string;
    const family = await (await parentWithRequest(t, yearId)).cookie();
    const secretary = await signedInAs(t, "Secretaria");

    expect((await upload(candidateId, await jpegPhoto(), "p.jpg", "image/jpeg", family)).statusCode).toBe(403);
    expect((await upload(candidateId, await jpegPhoto(), "p.jpg", "image/jpeg", secretary.cookie)).statusCode).toBe(
      403,
    );
    expect((await photoOf(url)).statusCode).toBe(401);
    expect((await photoOf(url, secretary.cookie)).statusCode).toBe(403);
    // Draft: the Admin sees it on the settings screen, the family does not.
    expect((await photoOf(url, admin.cookie)).statusCode).toBe(200);
    expect((await photoOf(url, family)).statusCode).toBe(404);

    // Saving the list again keeps the photo of who stays; the one who leaves takes theirs away.
    const key = (await photoRef(candidateId)) as string;
    const third = (await parentWithRequest(t, yearId)).id;
    const resaved = await call(t, {
      method: "PUT",
      url: `/api/settings/election-lists/${listId}/candidates`,
      cookie: admin.cookie,
      payload: { candidates: [{ userId: third }, { userId: people[0] }] },
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    const kept = resaved.json().lists[0].candidates.find((c: { userId: number }) => c.userId === people[0]);
    expect(kept.photoUrl).toMatch(/\?v=/);
    expect(await photoRef(kept.id)).toBe(key);
    const photoRefBody = await call(t, {
      method: "PUT",
      url: `/api/settings/election-lists/${listId}/candidates`,
      cookie: admin.cookie,
      payload: { candidates: [{ userId: people[0], photoRef: "../../etc/passwd" }] },
    });
    expect(photoRefBody.statusCode).toBe(400);
    const dropped = await call(t, {
      method: "PUT",
      url: `/api/settings/election-lists/${listId}/candidates`,
      cookie: admin.cookie,
      payload: { candidates: [{ userId: third }] },
    });
    expect(dropped.statusCode).toBe(200);
    expect(fs.existsSync(path.join(filesDir, key))).toBe(false);

    // Cancelled: gone from the families' pages, its photos too.
    const cancelledElection = await draftWithCandidates();
    const [cancelledCandidate] = cancelledElection.candidates as [number];
    const cancelledUrl = candidateInView(
      (await upload(cancelledCandidate, await jpegPhoto())).json(),
      cancelledCandidate,
    )?.photoUrl as string;
    const version = (await call(t, { method: "GET", url: "/api/settings/elections", cookie: admin.cookie }))
      .json()
      .items.find((item: { id: number }) => item.id === cancelledElection.electionId).version;
    const cancelled = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${cancelledElection.electionId}/cancel`,
      cookie: admin.cookie,
      payload: { version, reason: "Fechas equivocadas" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await photoOf(cancelledUrl, family)).statusCode).toBe(404);
  });

  it("cannot change once the poll has opened (409), and the photo stays", async () => {
    const election = await scheduledElection(t, admin.cookie, yearId);
    const [candidateId] = (await adminCandidates(election.id)) as [number];
    expect((await upload(candidateId, await jpegPhoto())).statusCode).toBe(200);
    const key = await photoRef(candidateId);
    await openWindowNow(t, election.id);
    const refused = await upload(candidateId, await jpegPhoto());
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe("ELECTION_NOT_EDITABLE");
    expect(await photoRef(candidateId)).toBe(key);
  });
});

describe("a candidate's photo on a files folder that cannot be written", () => {
  /** Its own database and DATA_DIR (the shared one must keep working for the other spec files). */
  async function ownSetUp(label: string, cleanups: (() => Promise<void> | void)[]) {
    const own = await createOwnDatabase(label);
    cleanups.push(() => own.drop());
    const app = await createTestApp(own.env);
    cleanups.push(() => app.close());
    const ownAdmin = await signedInAs(app, "Admin", { language: "en" });
    const year = await insertOwnYear(app, "admin");
    const { candidates } = await draftWithCandidates(app, ownAdmin.cookie, year);
    const candidateId = candidates[0] as number;
    const send = () =>
      call(app, {
        method: "POST",
        url: `/api/settings/election-candidates/${candidateId}/photo`,
        cookie: ownAdmin.cookie,
        ...multipart(sharpJpeg, "photo.jpg", "image/jpeg"),
      });
    const stored = async () =>
      (
        await app.ctx.db
          .selectFrom("election_candidates")
          .select("photo_ref")
          .where("id", "=", candidateId)
          .executeTakeFirstOrThrow()
      ).photo_ref;
    return { files: path.join(own.dataDir, "files"), send, stored };
  }
  let sharpJpeg: Buffer;
  const cleanups: (() => Promise<void> | void)[] = [];
  beforeAll(async () => {
    sharpJpeg = await jpegPhoto();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("on a full disk (tmpfs) answers 507 STORAGE_UNAVAILABLE, keeps the previous photo and leaves no partial file", async (context) => {
    if (!canMountTmpfs()) context.skip("mounting a tmpfs is not allowed here; the ENOTDIR test still runs");
    const { files, send, stored } = await ownSetUp("candidate-photo-full", cleanups);
    fs.mkdirSync(files, { recursive: true });
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", files]);
    cleanups.push(() => {
      execFileSync("umount", [files]);
    });
    expect((await send()).statusCode).toBe(200);
    const previous = await stored();
    const descriptor = fs.openSync(path.join(files, "filler"), "w");
    try {
      for (;;) fs.writeSync(descriptor, Buffer.alloc(4096));
    } catch (error) {
      expect((error as { code?: string }).code).toBe("ENOSPC");
    } finally {
      fs.closeSync(descriptor);
    }
    const before = fs.readdirSync(files).sort();
    const refused = await send();
    expect(refused.statusCode, refused.body).toBe(507);
    expect(errorOf(refused).code).toBe("STORAGE_UNAVAILABLE");
    expect(fs.readdirSync(files).sort()).toEqual(before);
    expect(await stored()).toBe(previous);
  });

  it("when DATA_DIR/files is not a folder (ENOTDIR) answers 507 and keeps no row pointing at a missing file", async () => {
    const { files, send, stored } = await ownSetUp("candidate-photo-notdir", cleanups);
    fs.rmSync(files, { recursive: true, force: true });
    fs.writeFileSync(files, "not a folder");
    const refused = await send();
    expect(refused.statusCode, refused.body).toBe(507);
    expect(errorOf(refused).code).toBe("STORAGE_UNAVAILABLE");
    expect(await stored()).toBeNull();
  });
});

/** Whether this machine lets the test mount a tmpfs (root in a container that allows it). */
function canMountTmpfs(): boolean {
  const probe = fs.mkdtempSync("/tmp/portal-mount-probe-");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmdirSync(probe);
  }
}

async function adminCandidates(electionId: number): Promise<number[]> {
  const items = (await call(t, { method: "GET", url: "/api/settings/elections", cookie: admin.cookie })).json().items;
  const election = items.find((item: { id: number }) => item.id === electionId);
  return election.lists.flatMap((list: { candidates: { id: number }[] }) => list.candidates.map((c) => c.id));
}
