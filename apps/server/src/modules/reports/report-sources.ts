import type { ReportId } from "@portal/shared/schemas/reports";
import type { RepresentativeSort, SortOrder } from "@portal/shared/schemas/requests";
import type { Db } from "../../db/database.ts";
import { consentStates } from "../consents/consents.service.ts";
import { parseStepData } from "../requests/request-columns.ts";
import { countRequests, type RequestFilter } from "../requests/requests.repository.ts";
import { personsOf, type ReportRecord, type ReportRequestRow } from "./report-columns.ts";

type RepresentativeKey = { request_id: number; representative_type: number | string };

import {
  countReportRepresentatives,
  findAuthorizedPersonSteps,
  findReportRepresentativeKeys,
  findReportRepresentatives,
  findReportRequestIds,
  findReportRequests,
  findRequestsByIds,
  findSteps,
  type ReportRequestSort,
} from "./reports.repository.ts";

/**
 * Where each report's rows come from: a count, a window (the table's page) and batches (the
 * export, a few hundred rows at a time so a year of 5,000 files is never held at once).
 */
export interface ReportSource {
  count(): Promise<number>;
  window(offset: number, limit: number): Promise<ReportRecord[]>;
  batches(): AsyncGenerator<ReportRecord[]>;
}

export const EXPORT_BATCH = 100;

const STEPS: Record<ReportId, readonly string[]> = {
  students: [
    "studentFile",
    "firstRepresentative",
    "secondRepresentative",
    "authorizedPersons",
    "academicHistory",
    "financialInformation",
    "schoolTransport",
    "exitAuthorization",
  ],
  representatives: ["firstRepresentative", "secondRepresentative"],
  authorizedPersons: ["authorizedPersons"],
};

async function stepsOf(db: Db, report: ReportId, requests: readonly ReportRequestRow[]) {
  const rows = await findSteps(db, [...new Set(requests.map((r) => r.file_id))], STEPS[report]);
  const byFile = new Map<number, Map<string, Record<string, unknown>>>();
  for (const row of rows) {
    const steps = byFile.get(row.file_id) ?? new Map<string, Record<string, unknown>>();
    steps.set(row.step, parseStepData(row.data));
    byFile.set(row.file_id, steps);
  }
  return (fileId: number) => {
    const steps = byFile.get(fileId);
    return (id: string) => steps?.get(id) ?? {};
  };
}

/**
 * An export's batches: the ordered keys are read once, then each batch by its keys. One sort for
 * the whole export (an OFFSET per batch re-sorted the year for every batch, blocking SQLite's
 * synchronous reads longer as the offset grew), and one consistent set: a file sent during the
 * export neither shifts a row into two batches nor out of all of them.
 */
async function* inBatches<K>(keys: readonly K[], read: (keys: readonly K[]) => Promise<ReportRecord[]>) {
  for (let start = 0; start < keys.length; start += EXPORT_BATCH) {
    const batch = await read(keys.slice(start, start + EXPORT_BATCH));
    if (batch.length > 0) yield batch;
  }
}

/** The requests of some ids in the ids' order (a request deleted since is skipped). */
async function requestsInOrder(db: Db, ids: readonly number[]): Promise<ReportRequestRow[]> {
  const byId = new Map((await findRequestsByIds(db, ids)).map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function reportSource(
  db: Db,
  report: ReportId,
  filter: RequestFilter,
  sort: { by: string; order: SortOrder },
): ReportSource {
  const requestSort = { by: sort.by as ReportRequestSort, order: sort.order };
  const requestIds = () => findReportRequestIds(db, filter, requestSort);

  if (report === "students") {
    const records = async (requests: readonly ReportRequestRow[]) => {
      const [steps, consents] = await Promise.all([
        stepsOf(db, report, requests),
        consentStates(
          db,
          requests.map((request) => request.file_id),
        ),
      ]);
      return requests.map((request) => {
        const step = steps(request.file_id);
        return { request, step, person: step("studentFile"), consents: consents.get(request.file_id) };
      });
    };
    return {
      count: () => countRequests(db, filter),
      window: async (offset, limit) => records(await findReportRequests(db, filter, requestSort, { offset, limit })),
      batches: async function* () {
        yield* inBatches(await requestIds(), async (ids) => records(await requestsInOrder(db, ids)));
      },
    };
  }

  if (report === "representatives") {
    const by = (sort.by === "representativeName" ? "name" : sort.by) as RepresentativeSort;
    const records = async (reps: readonly RepresentativeKey[]): Promise<ReportRecord[]> => {
      const requests = new Map(
        (await findRequestsByIds(db, [...new Set(reps.map((r) => r.request_id))])).map((r) => [r.id, r]),
      );
      const steps = await stepsOf(db, report, [...requests.values()]);
      return reps.flatMap((rep) => {
        const request = requests.get(rep.request_id);
        if (!request) return [];
        const type = Number(rep.representative_type) === 2 ? 2 : 1;
        const step = steps(request.file_id);
        return [
          {
            request,
            step,
            person: step(type === 1 ? "firstRepresentative" : "secondRepresentative"),
            representativeType: type,
          },
        ];
      });
    };
    const repSort = { by, order: sort.order };
    return {
      count: () => countReportRepresentatives(db, filter),
      window: async (offset, limit) => records(await findReportRepresentatives(db, filter, repSort, { offset, limit })),
      batches: async function* () {
        yield* inBatches(await findReportRepresentativeKeys(db, filter, repSort), records);
      },
    };
  }

  // Authorized persons live in a JSON array: the SQL orders the requests, each request gives its
  // persons in the family's order; a page is cut from that sequence.
  async function* batches(): AsyncGenerator<ReportRecord[]> {
    yield* inBatches(await requestIds(), async (ids) => {
      const requests = await requestsInOrder(db, ids);
      const steps = await stepsOf(db, report, requests);
      return requests.flatMap((request) => {
        const step = steps(request.file_id);
        return personsOf(step("authorizedPersons")).map((person) => ({ request, step, person }));
      });
    });
  }
  return {
    count: async () =>
      (await findAuthorizedPersonSteps(db, filter)).reduce(
        (n, row) => n + personsOf(parseStepData(row.data)).length,
        0,
      ),
    window: async (offset, limit) => {
      const page: ReportRecord[] = [];
      let skipped = 0;
      for await (const batch of batches()) {
        for (const record of batch) {
          if (skipped < offset) skipped += 1;
          else page.push(record);
          if (page.length === limit) return page;
        }
      }
      return page;
    },
    batches,
  };
}
