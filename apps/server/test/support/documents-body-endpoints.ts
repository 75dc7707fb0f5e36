import { handInSaveSchema } from "@portal/shared/schemas/documents";
import type { BodyEndpoint } from "./settings-body-endpoints.ts";
import type { TestApp } from "./test-app.ts";
import { insertSentRequest } from "./workflow.ts";

/**
 * The documents page's body endpoint: a hand-in on a request of the bad-input spec's
 * own. A refused body leaves the checklist and the audit trail as they were; the fuzz sends only
 * invalid bodies (a valid one would record the paper).
 */
export async function documentsBodyEndpoints(
  t: TestApp,
  staff: { cookie: string },
  familyId: number,
): Promise<BodyEndpoint[]> {
  const request = await insertSentRequest(t, familyId);
  return [
    {
      name: "hand-in",
      method: "PUT",
      url: `/api/documents/${request.id}/hand-in/contract`,
      route: "PUT /api/documents/:requestId/hand-in/:item",
      cookie: staff.cookie,
      valid: { received: true, receivedOn: "2026-11-20", version: 0 },
      textFields: [],
      state: async () => ({
        handIns: await t.ctx.db
          .selectFrom("document_hand_ins")
          .selectAll()
          .where("request_id", "=", request.id)
          .execute(),
        audit: await t.ctx.db
          .selectFrom("audit_events")
          .select("id")
          .where("event", "=", "documents.handInRecorded")
          .where("subject_user_id", "=", familyId)
          .execute(),
      }),
      harmless: (body) => !handInSaveSchema.safeParse(body).success,
    },
  ];
}
