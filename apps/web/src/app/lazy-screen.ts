import { CHUNK_TIMEOUT_MS } from "@portal/shared/constants";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { screenCodeArrived } from "../lib/first-screen.ts";
import { loadChunk } from "../lib/retry-once.ts";

/** A lazy screen whose download can also be started before it renders (`preload`, issue #13). */
export type LazyScreen<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts the download; settles (never rejects) once the screen is ready or has failed. */
  preload: () => Promise<void>;
};

/**
 * A screen whose code downloads when first opened, or earlier when `preload` is called (main.tsx
 * starts the screen of the address being opened beside the session check instead of after it).
 * Each attempt may take CHUNK_TIMEOUT_MS (spec 9); a failure is retried once, then the error
 * boundary offers a reload (a full page load, so a failed download is not kept).
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  alongside?: () => Promise<unknown>,
): LazyScreen<P> {
  // `alongside`: what the screen cannot show without, loaded beside its code so it never shows a
  // raw key or an empty list first (catalogs beyond its area's, the login's school years).
  const both = async () => {
    const [screen] = await Promise.all([load(), alongside?.()]);
    screenCodeArrived();
    return { default: screen };
  };
  let started: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    started ??= loadChunk(both, { timeoutMs: CHUNK_TIMEOUT_MS });
    return started;
  };
  return Object.assign(
    lazy(() => start()),
    {
      // An early start that fails is the render's failure too (the same promise): not reported twice.
      preload: () =>
        start().then(
          () => {},
          () => {},
        ),
    },
  );
}
