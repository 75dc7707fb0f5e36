import type { AppContext } from "../../context.ts";
import { readSwitch, saveSwitch } from "../settings/settings.service.ts";

/*
 * Settings › Files: whether the bytes a family sent are kept beside the PDF rebuilt
 * without active content. Off by default: the original may carry a script, and the school needs it
 * only in rare cases (a digitally signed PDF, whose signature the rebuild voids).
 */
const KEY = "keep_pdf_originals";

export function keepsPdfOriginals(ctx: AppContext): Promise<boolean> {
  return readSwitch(ctx, KEY);
}

export async function setKeepPdfOriginals(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  keep: boolean,
): Promise<boolean> {
  await saveSwitch(ctx, actor, KEY, keep, { section: "files", keepPdfOriginals: keep });
  return keep;
}
