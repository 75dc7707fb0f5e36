import { type SchoolCertificateView, schoolCertificateViewSchema } from "@portal/shared/schemas/school-certificate";
import { useQuery } from "@tanstack/react-query";
import { fetchOk, http } from "../../lib/http.ts";

export const SCHOOL_CERTIFICATE_QUERY_KEY = ["settings", "school-certificate"] as const;
const URL = "/api/settings/school-certificate";

/** The school's certificate that seals the signed PDFs, or null (docs/rules/documents.md "Seal"). */
export function useSchoolCertificate() {
  return useQuery({
    queryKey: SCHOOL_CERTIFICATE_QUERY_KEY,
    queryFn: async (): Promise<SchoolCertificateView> => schoolCertificateViewSchema.parse(await http.get(URL)),
  });
}

/** Multipart: the password first, then the file, as the server reads them. */
export async function uploadSchoolCertificate(file: File, password: string): Promise<SchoolCertificateView> {
  const body = new FormData();
  body.append("password", password);
  body.append("file", file, file.name);
  const response = await fetchOk(URL, { method: "PUT", headers: { Accept: "application/json" }, body });
  return schoolCertificateViewSchema.parse(await response.json());
}

export async function removeSchoolCertificate(): Promise<SchoolCertificateView> {
  return schoolCertificateViewSchema.parse(await http.delete(URL));
}
