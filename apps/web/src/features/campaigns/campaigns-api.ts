import {
  type CampaignCreateInput,
  type CampaignDetail,
  type CampaignFigure,
  type CampaignUpdateInput,
  campaignAnswerListSchema,
  campaignDetailSchema,
  campaignListSchema,
  type FamilyAnswerInput,
  type FamilyCampaign,
  familyCampaignListSchema,
  familyCampaignSchema,
} from "@portal/shared/schemas/campaigns";
import { schoolYearSchema } from "@portal/shared/schemas/responses";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** Re-enrollment campaigns (docs/rules/campaigns.md): the staff's, the family's and the link's calls. */

export const CAMPAIGNS_KEY = ["campaigns"] as const;
export const campaignKey = (id: number) => [...CAMPAIGNS_KEY, id] as const;
export const FAMILY_CAMPAIGNS_KEY = ["family-campaigns"] as const;

export function useCampaigns() {
  return useQuery({
    queryKey: CAMPAIGNS_KEY,
    queryFn: async () => campaignListSchema.parse(await http.get("/api/campaigns")),
  });
}

export function useCampaign(id: number) {
  return useQuery({
    queryKey: campaignKey(id),
    queryFn: async () => campaignDetailSchema.parse(await http.get(`/api/campaigns/${id}`)),
  });
}

export function useCampaignAnswers(id: number, figure: CampaignFigure | null, level: string | null) {
  const query = new URLSearchParams({ figure: figure ?? "answered", ...(level ? { level } : {}) }).toString();
  return useQuery({
    queryKey: [...campaignKey(id), "answers", query],
    queryFn: async () => campaignAnswerListSchema.parse(await http.get(`/api/campaigns/${id}/answers?${query}`)),
    enabled: figure !== null,
  });
}

/** The school years a campaign may be for (the login's list). */
export function useSchoolYears() {
  return useQuery({
    queryKey: ["school-years"],
    queryFn: async () => schoolYearSchema.array().parse(await http.get("/api/school-years")),
  });
}

export async function createCampaign(body: CampaignCreateInput): Promise<CampaignDetail> {
  return campaignDetailSchema.parse(await http.post("/api/campaigns", body));
}

export async function saveCampaign(id: number, body: CampaignUpdateInput): Promise<CampaignDetail> {
  return campaignDetailSchema.parse(await http.put(`/api/campaigns/${id}`, body));
}

export function useFamilyCampaigns() {
  return useQuery({
    queryKey: FAMILY_CAMPAIGNS_KEY,
    queryFn: async () => familyCampaignListSchema.parse(await http.get("/api/family-campaigns")),
  });
}

export async function answerAsFamily(id: number, body: FamilyAnswerInput): Promise<FamilyCampaign> {
  return familyCampaignSchema.parse(await http.post(`/api/family-campaigns/${id}/answers`, body));
}

export async function openLink(token: string): Promise<FamilyCampaign> {
  return familyCampaignSchema.parse(await http.post("/api/campaign-link", { token }));
}

export async function answerByLink(token: string, body: FamilyAnswerInput): Promise<FamilyCampaign> {
  return familyCampaignSchema.parse(await http.post("/api/campaign-link/answers", { token, ...body }));
}
