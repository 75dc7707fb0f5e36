import { CHUNK_TIMEOUT_MS } from "@portal/shared/constants";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { loadChunk } from "../lib/retry-once.ts";

/**
 * A screen whose code downloads when first opened. Each attempt may take CHUNK_TIMEOUT_MS (spec 9);
 * a failure is retried once, then the error boundary offers a reload.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  strings?: () => Promise<unknown>,
): LazyExoticComponent<ComponentType<P>> {
  // `strings`: catalogs the screen needs beyond its area's (lib/i18n.ts), loaded beside its code so
  // it never shows a raw key.
  const both = async () => {
    const [screen] = await Promise.all([load(), strings?.()]);
    return { default: screen };
  };
  return lazy(() => loadChunk(both, { timeoutMs: CHUNK_TIMEOUT_MS }));
}
