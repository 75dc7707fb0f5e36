import { bytesToMb, defaultLimitFor, FILE_TYPE_MIME, type FileType } from "@portal/shared/file-settings";
import { type FileRules, fileRulesSchema } from "@portal/shared/schemas/file-settings";
import type { UploadKind } from "@portal/shared/upload-kinds";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { http } from "../../../lib/http.ts";

/**
 * What the school set in Settings › Files: each document's limits and the templates
 * offered at each step, titled in the reader's language. One endpoint, read once per language.
 */
export function useFileRules() {
  const { i18n } = useTranslation();
  return useQuery(fileRulesQuery(i18n.language));
}

/** The query of the school's file rules in the UI language (useFileRules; prefetch-step.ts). */
export function fileRulesQuery(language: string) {
  return {
    queryKey: ["file-rules", language],
    queryFn: async (): Promise<FileRules> => fileRulesSchema.parse(await http.get("/api/file-rules")),
    staleTime: 60_000,
  };
}

const ACCEPT_ORDER: readonly FileType[] = ["png", "jpeg", "pdf"];

export interface UploadRule {
  maxBytes: number;
  maxMb: number;
  types: FileType[];
  /** For the file input's `accept`. */
  accept: string;
}

/** One kind's limits: the school's once read, the spec's until then (the server checks again). */
export function useUploadRule(kind: UploadKind): UploadRule {
  const rules = useFileRules();
  const rule = rules.data?.kinds.find((candidate) => candidate.kind === kind) ?? defaultLimitFor(kind);
  return {
    maxBytes: rule.maxBytes,
    maxMb: bytesToMb(rule.maxBytes),
    types: rule.types,
    // PNG first, as the inputs always said (specs select the photo input by it).
    accept: ACCEPT_ORDER.filter((type) => rule.types.includes(type))
      .map((type) => FILE_TYPE_MIME[type])
      .join(","),
  };
}
