import fs from "node:fs";
import path from "node:path";
import type { MultipartFile } from "@fastify/multipart";
import { rolesFor } from "@portal/shared/permissions";
import { CANDIDATE_PHOTO_MAX_BYTES, CANDIDATE_PHOTO_PX } from "@portal/shared/schemas/elections";
import type { AppContext } from "../../context.ts";
import { writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { reencodePhoto } from "../../lib/photo-reencode.ts";
import { removeStoredFile, writeStoredFile } from "../../lib/stored-files.ts";
import { readUploadPart } from "../../lib/upload-part.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { type Actor, assertEditable, electionOr404 } from "./election-guards.ts";
import { electionView } from "./election-view.ts";
import { findCandidate, setCandidatePhoto } from "./elections.repository.ts";

/** Candidates' photos live with the other stored files (DATA_DIR/files), under a random name. */
const filesDir = (ctx: AppContext) => path.join(ctx.config.dataDir, "files");

/** Removes photos no candidate refers to any more (after the transaction that dropped them committed). */
export function removeCandidatePhotos(ctx: AppContext, keys: readonly (string | null)[]): void {
  for (const key of keys) if (key) removeStoredFile(filesDir(ctx), key);
}

const candidateOr404 = async (ctx: AppContext, candidateId: number) => {
  const candidate = await findCandidate(ctx.db, candidateId);
  if (!candidate) throw new AppError(404, "NOT_FOUND");
  return candidate;
};

/**
 * The Admin's photo of a candidate: checked by content, re-encoded to a square JPEG
 * without metadata, stored, and the previous one removed. Only while the election can be edited.
 */
export async function replaceCandidatePhoto(ctx: AppContext, actor: Actor, candidateId: number, part: MultipartFile) {
  // Refused before the bytes are read: no decoding for an election that cannot change.
  const before = await candidateOr404(ctx, candidateId);
  assertEditable(await electionOr404(ctx.db, before.election_id));
  const photo = await reencodePhoto(await readUploadPart(part, CANDIDATE_PHOTO_MAX_BYTES), {
    squarePx: CANDIDATE_PHOTO_PX,
  });
  const key = `${randomToken(18)}.${photo.ext}`;
  writeStoredFile(filesDir(ctx), key, photo.bytes);
  let previous: string | null = null;
  try {
    const view = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      // Read again inside the transaction: the poll may have opened or the list been saved meanwhile.
      const candidate = await findCandidate(trx, candidateId);
      if (!candidate) throw new AppError(404, "NOT_FOUND");
      const election = await electionOr404(trx, candidate.election_id);
      assertEditable(election);
      previous = candidate.photo_ref;
      await setCandidatePhoto(trx, candidateId, key);
      await recordAudit(trx, {
        event: "election.candidatePhotoChanged",
        actorUserId: actor.userId,
        ip: actor.ip,
        details: { electionId: election.id, listId: candidate.list_id, candidateUserId: candidate.user_id },
      });
      return electionView(trx, election);
    });
    removeCandidatePhotos(ctx, [previous]);
    return view;
  } catch (error) {
    // No row points at it: the new file must not stay behind.
    removeStoredFile(filesDir(ctx), key);
    throw error;
  }
}

/**
 * A candidate's photo for the Admin, and for families once the election is shown to them (the
 * family pages' rule: never a draft or a cancelled election). 404 when there is none.
 */
export async function openCandidatePhoto(ctx: AppContext, user: CurrentUser, candidateId: number) {
  const candidate = await candidateOr404(ctx, candidateId);
  const election = await electionOr404(ctx.db, candidate.election_id);
  const manages = rolesFor("electionsManage").includes(user.role);
  if (!manages && (election.status === "draft" || election.status === "cancelled")) {
    throw new AppError(404, "NOT_FOUND");
  }
  const file = candidate.photo_ref ? path.join(filesDir(ctx), candidate.photo_ref) : undefined;
  if (!file || !fs.existsSync(file)) throw new AppError(404, "NOT_FOUND");
  return fs.createReadStream(file);
}
