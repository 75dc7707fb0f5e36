// Types of mantine-css.mjs (plain Node tooling of the web build: vite.config.ts and its test use it).
export const BASE_SHEETS: readonly string[];
export function sheetsFor(pkg: string, names: readonly string[]): string[];
export function sheetsForSource(source: string): string[];
export function importedSheets(source: string): string[];
export function withSheets(source: string): string | undefined;
