import { type DocumentCheckResult, documentCheckResultSchema } from "@portal/shared/schemas/document-checks";
import { fetchOk, http } from "../../lib/http.ts";

/* The public checker's calls (docs/rules/documents.md "Checking a document"). */

export async function checkCode(code: string): Promise<DocumentCheckResult> {
  return documentCheckResultSchema.parse(await http.post("/api/document-checks/code", { code }));
}

export async function checkPdf(file: File): Promise<DocumentCheckResult> {
  const body = new FormData();
  body.append("file", file, file.name);
  const response = await fetchOk("/api/document-checks/pdf", {
    method: "POST",
    headers: { Accept: "application/json" },
    body,
  });
  return documentCheckResultSchema.parse(await response.json());
}
