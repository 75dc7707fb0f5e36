import {
  type DeskFamily,
  type DeskFamilyCreateInput,
  type DeskFamilyList,
  deskFamilyCreatedSchema,
  deskFamilyListSchema,
  deskFamilySchema,
} from "@portal/shared/schemas/desk";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** Enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"): the desk's calls. */

export const deskFamilyKey = (id: number) => ["desk", "family", id] as const;

export function useDeskFamily(id: number) {
  return useQuery({
    queryKey: deskFamilyKey(id),
    queryFn: async (): Promise<DeskFamily> => deskFamilySchema.parse(await http.get(`/api/desk/families/${id}`)),
  });
}

export const createDeskFamily = async (body: DeskFamilyCreateInput): Promise<{ id: number }> =>
  deskFamilyCreatedSchema.parse(await http.post("/api/desk/families", body));

export const setDeskFamilyEmail = async (id: number, email: string): Promise<DeskFamily> =>
  deskFamilySchema.parse(await http.put(`/api/desk/families/${id}/email`, { email }));

export const inviteDeskFamily = async (id: number): Promise<DeskFamily> =>
  deskFamilySchema.parse(await http.post(`/api/desk/families/${id}/invitation`));

/** The families created at the desk, one page (`query`: q, page, pageSize). */
export function useDeskFamilies(query: string) {
  return useQuery({
    queryKey: ["desk", "families", query],
    queryFn: async (): Promise<DeskFamilyList> =>
      deskFamilyListSchema.parse(await http.get(`/api/desk/families${query ? `?${query}` : ""}`)),
    placeholderData: keepPreviousData,
  });
}
