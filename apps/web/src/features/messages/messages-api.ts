import {
  type FamilyMessageList,
  familyMessageListSchema,
  type MessageAudienceCount,
  type MessageAudienceInput,
  type MessageDetail,
  type MessageList,
  type MessageSendInput,
  type MessageSummary,
  messageAudienceCountSchema,
  messageDetailSchema,
  messageListSchema,
  messageSummarySchema,
} from "@portal/shared/schemas/messages";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** Messages to families (docs/rules/messages.md): the staff's and the family's. */

export const SENT_MESSAGES_KEY = ["messages", "sent"] as const;
export const messageKey = (id: number) => ["messages", "message", id] as const;
export const FAMILY_MESSAGES_KEY = ["messages", "family"] as const;
export const MESSAGE_PATH = "/portal/family-messages/message";
export const COMPOSE_PATH = "/portal/family-messages/compose";

export function useFamilyMessages() {
  return useQuery({
    queryKey: FAMILY_MESSAGES_KEY,
    queryFn: async (): Promise<FamilyMessageList> =>
      familyMessageListSchema.parse(await http.get("/api/account/messages")),
  });
}

export function useSentMessages() {
  return useQuery({
    queryKey: SENT_MESSAGES_KEY,
    queryFn: async (): Promise<MessageList> => messageListSchema.parse(await http.get("/api/messages")),
  });
}

export function useMessage(id: number) {
  return useQuery({
    queryKey: messageKey(id),
    queryFn: async (): Promise<MessageDetail> => messageDetailSchema.parse(await http.get(`/api/messages/${id}`)),
  });
}

/** How many families and addresses the audience reaches now; null while the URL names no valid audience. */
export function useAudienceCount(audience: MessageAudienceInput | null, includeTestAccounts: boolean) {
  return useQuery({
    queryKey: ["messages", "audience", audience, includeTestAccounts],
    enabled: audience !== null,
    queryFn: async (): Promise<MessageAudienceCount> =>
      messageAudienceCountSchema.parse(await http.post("/api/messages/audience", { audience, includeTestAccounts })),
  });
}

export const sendMessage = async (body: MessageSendInput): Promise<MessageSummary> =>
  messageSummarySchema.parse(await http.post("/api/messages", body));

export const resumeMessage = async (id: number): Promise<MessageSummary> =>
  messageSummarySchema.parse(await http.post(`/api/messages/${id}/resume`));
