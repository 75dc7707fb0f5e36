import type { WindowKind } from "@portal/shared/rules/school-year-windows";
import { type CatalogItem, catalogItemSchema } from "@portal/shared/schemas/responses";
import {
  type SchoolYearCreateInput,
  type SchoolYearDetail,
  type SchoolYearUpdateInput,
  type SchoolYearWindowInput,
  schoolYearDetailListSchema,
  schoolYearDetailSchema,
} from "@portal/shared/schemas/school-years";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

export const SCHOOL_YEARS_QUERY_KEY = ["settings", "school-years"] as const;
const BASE = "/api/settings/school-years";

export function useSchoolYearDetails() {
  return useQuery({
    queryKey: SCHOOL_YEARS_QUERY_KEY,
    queryFn: async (): Promise<SchoolYearDetail[]> => schoolYearDetailListSchema.parse(await http.get(BASE)).items,
  });
}

/** The levels catalogue, for the names of the levels offered. */
export function useLevels() {
  return useQuery({
    queryKey: ["catalog", "levels"],
    queryFn: async (): Promise<CatalogItem[]> =>
      catalogItemSchema.array().parse(await http.get("/api/catalogs/levels")),
  });
}

const detail = async (request: Promise<unknown>) => schoolYearDetailSchema.parse(await request);

export const createSchoolYear = (input: SchoolYearCreateInput) => detail(http.post(BASE, input));
export const updateSchoolYear = (id: number, input: SchoolYearUpdateInput) => detail(http.put(`${BASE}/${id}`, input));
export const saveWindow = (id: number, kind: WindowKind, input: SchoolYearWindowInput) =>
  detail(http.put(`${BASE}/${id}/windows/${kind}`, input));
export const closeWindowNow = (id: number, kind: WindowKind) =>
  detail(http.post(`${BASE}/${id}/windows/${kind}/close`));
export const makeYearCurrent = (id: number) => detail(http.post(`${BASE}/${id}/current`));
export const deleteSchoolYear = (id: number) => http.delete<{ id: number }>(`${BASE}/${id}`);
