import path from "node:path";
import type { AppContext } from "../../context.ts";

/** Uploads and stored PDFs (lib/stored-files.ts). */
export const filesDir = (ctx: AppContext) => path.join(ctx.config.dataDir, "files");
/** "My data" archives, under random names (docs/data-protection.md). */
export const exportsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, "exports");
export const archivePath = (ctx: AppContext, storageKey: string) => path.join(exportsDir(ctx), storageKey);
