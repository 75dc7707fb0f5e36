import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { PhotoExportKind, PhotoLeftOutReason } from "@portal/shared/schemas/photo-exports";
import type { Db } from "../../db/database.ts";
import { filesWithImageWithdrawn } from "../consents/consents.service.ts";
import { parseStepData } from "../requests/request-columns.ts";
import type { RequestFilter } from "../requests/requests.repository.ts";
import {
  findExportSteps,
  findRequestBatch,
  findUploads,
  type PhotoExportRequestRow,
  type PhotoExportUploadRow,
} from "./photo-exports.repository.ts";
import { surnamesFirst } from "./photo-names.ts";

/** One photo the export considers: who it shows, and either its upload or why it is left out. */
export interface PhotoCandidate {
  requestId: number;
  code: string;
  /** The level's folder (its code, or "no level" in the user's language). */
  folder: string;
  /** "<surnames> <names>", plus "- representative 1 of <student>" for people other than the student. */
  who: string;
  upload?: PhotoExportUploadRow;
  reason?: PhotoLeftOutReason;
}

/** Requests read per query: one batch of rows, steps and uploads is all an export holds at a time. */
export const BATCH_SIZE = 200;

const STEPS_OF: Record<PhotoExportKind, readonly string[]> = {
  students: ["studentFile", "studentPhoto"],
  representatives: ["studentFile", "firstRepresentative", "secondRepresentative"],
  authorizedPersons: ["studentFile", "authorizedPersons"],
};

type Data = Record<string, unknown>;

const uploadIdOf = (data: Data): number | null =>
  typeof data.photoFileId === "number" && Number.isInteger(data.photoFileId) && data.photoFileId > 0
    ? data.photoFileId
    : null;

/** A person of a request and their photo's upload id (null: none on file). */
interface Person {
  who: string;
  uploadId: number | null;
  /** Set when the photo is left out whatever the file on disk (authorization, review). */
  reason?: PhotoLeftOutReason;
}

function peopleOf(
  kind: PhotoExportKind,
  row: PhotoExportRequestRow,
  steps: Map<string, Data>,
  lang: Language,
  imageWithdrawn: boolean,
) {
  const unnamed = translate(lang, "photoExport:zip.unnamed");
  const student = surnamesFirst(steps.get("studentFile") ?? {}) || row.student_name || unnamed;
  const people: Person[] = [];
  if (kind === "students") {
    const photo = steps.get("studentPhoto") ?? {};
    const uploadId = uploadIdOf(photo);
    const reason: PhotoLeftOutReason | undefined =
      uploadId === null
        ? "noPhoto"
        : // The step keeps the family's first answer; a later withdrawal is in `consents`.
          imageWithdrawn
          ? "consentWithdrawn"
          : photo.authorizeUse !== true
            ? "noAuthorization"
            : row.photo_status === "rejected"
              ? "photoRejected"
              : undefined;
    people.push({ who: student, uploadId, reason });
  } else if (kind === "representatives") {
    ([1, 2] as const).forEach((n) => {
      const data = steps.get(n === 1 ? "firstRepresentative" : "secondRepresentative");
      // No second representative (declined, or never given): nobody to export.
      if (n === 2 && (!data || data.declined === true)) return;
      const person = surnamesFirst(data ?? {}) || unnamed;
      const who = translate(lang, "photoExport:zip.representative", { person, n, student });
      const uploadId = uploadIdOf(data ?? {});
      people.push({ who, uploadId, reason: uploadId === null ? "noPhoto" : undefined });
    });
  } else {
    const persons = steps.get("authorizedPersons")?.persons;
    (Array.isArray(persons) ? persons : []).forEach((value: unknown, index) => {
      const data = value !== null && typeof value === "object" ? (value as Data) : {};
      const person = surnamesFirst(data) || unnamed;
      const who = translate(lang, "photoExport:zip.authorizedPerson", { person, n: index + 1, student });
      const uploadId = uploadIdOf(data);
      people.push({ who, uploadId, reason: uploadId === null ? "noPhoto" : undefined });
    });
  }
  return people;
}

/**
 * The filtered requests' photos of one kind, a batch at a time, in request id order. An upload
 * id that names no upload row is a photo whose file is gone: `fileMissing`.
 */
export async function* photoCandidates(
  db: Db,
  filter: RequestFilter,
  kind: PhotoExportKind,
  lang: Language,
): AsyncGenerator<{ requests: number; candidates: PhotoCandidate[] }> {
  const noLevel = translate(lang, "photoExport:zip.noLevel");
  let afterId = 0;
  for (;;) {
    const rows = await findRequestBatch(db, filter, afterId, BATCH_SIZE);
    if (rows.length === 0) return;
    afterId = rows[rows.length - 1]!.id;
    const stepRows = await findExportSteps(
      db,
      rows.map((row) => row.file_id),
      STEPS_OF[kind],
    );
    const stepsByFile = new Map<number, Map<string, Data>>();
    for (const step of stepRows) {
      const steps = stepsByFile.get(step.file_id) ?? new Map<string, Data>();
      steps.set(step.step, parseStepData(step.data));
      stepsByFile.set(step.file_id, steps);
    }
    const withdrawn =
      kind === "students"
        ? await filesWithImageWithdrawn(
            db,
            rows.map((row) => row.file_id),
          )
        : new Set<number>();
    const people = rows.map((row) => ({
      row,
      people: peopleOf(kind, row, stepsByFile.get(row.file_id) ?? new Map(), lang, withdrawn.has(row.file_id)),
    }));
    const ids = people.flatMap((p) => p.people.flatMap((person) => (person.reason ? [] : [person.uploadId!])));
    const uploads = new Map((await findUploads(db, [...new Set(ids)])).map((upload) => [upload.id, upload]));
    const candidates = people.flatMap(({ row, people: list }) =>
      list.map((person): PhotoCandidate => {
        const base = { requestId: row.id, code: row.code, folder: row.level_code ?? noLevel, who: person.who };
        if (person.reason) return { ...base, reason: person.reason };
        const upload = uploads.get(person.uploadId!);
        return upload ? { ...base, upload } : { ...base, reason: "fileMissing" };
      }),
    );
    yield { requests: rows.length, candidates };
  }
}
