/**
 * Each document's version in force: its last published one (docs/rules/documents.md "The school's
 * own documents"), from versions listed oldest first (school-documents.repository.ts listVersions).
 */
export function versionsInForce<V extends { document_id: number; published_at: string | null }>(
  versions: readonly V[],
): Map<number, V> {
  const inForce = new Map<number, V>();
  for (const version of versions) if (version.published_at) inForce.set(version.document_id, version);
  return inForce;
}
