import { CHUNK_TIMEOUT_MS } from "@portal/shared/constants";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { loadChunk } from "../lib/retry-once.ts";

/**
 * A screen whose code downloads when first opened. Each attempt may take CHUNK_TIMEOUT_MS (spec 9);
 * a failure is retried once, then the error boundary offers a reload.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadChunk(async () => ({ default: await load() }), { timeoutMs: CHUNK_TIMEOUT_MS }));
}
