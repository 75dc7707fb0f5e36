import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { DataExportArchive } from "@portal/shared/schemas/data-export";

/** README.txt of "My data": what each part of the archive is, in the family's language, and any file missing. */
export function readmeText(language: Language, data: DataExportArchive): string {
  const t = (key: string, vars?: Record<string, string | number>) =>
    translate(language, `account:myData.readme.${key}`, vars);
  const signed = data.signatures.filter((d) => d.status === "complete" && d.finalSha256 !== null);
  const lines = [
    t("title"),
    "",
    t("generated", { at: data.generatedAt }),
    "",
    t("contents"),
    `- data.json: ${t("dataJson")}`,
    `- schema.json: ${t("schemaJson")}`,
    `- documents/: ${t("documents", { count: data.documents.length })}`,
    `- uploads/: ${t("uploads", { count: data.uploads.length })}`,
    `- signed-documents/: ${t("signedDocuments", { count: signed.filter((d) => d.archivePath !== null).length })}`,
    "",
    t("counts", {
      students: data.students.length,
      consents: data.consents.length,
      emails: data.emails.length,
      accesses: data.medicalAccesses.length,
    }),
    "",
  ];
  // Each complete signed document: where it is, and what identifies it (the checker's code, its hash).
  if (signed.length > 0) {
    lines.push(t("signedTitle"));
    for (const d of signed) {
      const line = t("signedLine", {
        title: d.title ?? d.documentKey,
        code: d.verificationCode ?? "",
        sha256: d.finalSha256 ?? "",
      });
      lines.push(`- ${d.archivePath ?? t("signedMissing")}: ${line}`);
    }
    lines.push("");
  }
  if (data.missingFiles.length === 0) lines.push(t("noneMissing"));
  else {
    lines.push(t("missing", { count: data.missingFiles.length }));
    for (const file of data.missingFiles) lines.push(`- ${file.what}: ${file.name}`);
  }
  lines.push("", t("rights"), "");
  return lines.join("\r\n");
}
