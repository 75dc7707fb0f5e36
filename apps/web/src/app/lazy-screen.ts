import { CHUNK_TIMEOUT_MS } from "@portal/shared/constants";
import { type ComponentType, createElement, type FunctionComponent } from "react";
import { loadChunk } from "../lib/retry-once.ts";

/** A lazy screen whose download can also be started before it renders (`preload`). */
export type LazyScreen<P extends object = object> = FunctionComponent<P> & {
  /** Starts the download; settles (never rejects) once the screen is ready or has failed. */
  preload: () => Promise<void>;
  /**
   * The code alone, without what it needs alongside: for the server, which draws a page from the
   * data it was given (ssr/render-page.tsx) and has no browser to fetch the rest with.
   */
  preloadCode: () => Promise<void>;
};

/**
 * A screen whose code downloads when first opened, or earlier when `preload` is called (main.tsx
 * starts the screen of the address being opened beside the session check instead of after it).
 * Each attempt may take CHUNK_TIMEOUT_MS (spec 9); a failure is retried once, then the error
 * boundary offers a reload (a full page load, so a failed download is not kept).
 *
 * Not React's `lazy`: its download cannot be started before the first render, nor can it wait for
 * what the screen needs beside its code (`alongside`).
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  alongside?: () => Promise<unknown>,
): LazyScreen<P> {
  // `alongside`: what the screen cannot show without, loaded beside its code so it never shows a
  // raw key or an empty list first (catalogs beyond its area's, the login's school years).
  const both = async () => (await Promise.all([load(), alongside?.()]))[0];
  let loaded: ComponentType<P> | undefined;
  let failed: { error: unknown } | undefined;
  let started: Promise<ComponentType<P>> | undefined;
  const start = (withAlongside = true) => {
    started ??= loadChunk(withAlongside ? both : load, { timeoutMs: CHUNK_TIMEOUT_MS }).then(
      (screen) => {
        loaded = screen;
        return screen;
      },
      (error: unknown) => {
        failed = { error };
        throw error;
      },
    );
    return started;
  };
  function LazyScreenCode(props: P) {
    if (loaded) return createElement(loaded, props);
    // The error boundary's to show (ChunkLoadError): the same failure at every render, as React.lazy.
    if (failed) throw failed.error;
    // The nearest Suspense shows its fallback until the download settles, then renders this again.
    throw start();
  }
  // An early start that fails is the render's failure too (the same promise): not reported twice.
  const settled = (download: Promise<unknown>) =>
    download.then(
      () => {},
      () => {},
    );
  return Object.assign(LazyScreenCode, {
    preload: () => settled(start()),
    preloadCode: () => settled(start(false)),
  });
}
