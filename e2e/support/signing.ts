import { expect, type Page } from "@playwright/test";

/**
 * Signing online (docs/rules/documents.md "Signing online"): the documents of a sent file as the
 * family's account reads them, and the address of the family's signing screen for one of them.
 */
export async function signingDocuments(page: Page, fileId: number): Promise<{ documentId: number; title: string }[]> {
  const response = await page.request.get(`/api/enrollment/files/${fileId}/signing`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { documents: { documentId: number; title: string }[] }).documents;
}

export function familySigningPath(fullPath: string, fileId: number, documentId: number): string {
  return fullPath.replace(":fileId", String(fileId)).replace(":documentId", String(documentId));
}
