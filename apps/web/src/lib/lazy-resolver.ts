import type { FieldValues, Resolver } from "react-hook-form";
import { retryOnce } from "./retry-once.ts";

/**
 * A react-hook-form resolver that imports its real one (zodResolver over a shared schema) on first
 * use. For the forms of the first screen (issue #13): zod is ≈ 25 KB of the login route's gzipped
 * JS, and the form is usable before it arrives. `preload` fetches it; the login calls it when the
 * form is first focused, so by the first submit it is normally there, and a phone's first seconds
 * are not spent compiling zod's schemas for a form not yet touched (Lighthouse counts that work
 * as blocking time). Same schema, same messages as a static zodResolver.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): { resolver: Resolver<T>; preload: () => void } {
  let loading: Promise<Resolver<T>> | null = null;
  const get = () => {
    // A failed download is retried once, then forgotten so the next submit tries again.
    loading ??= retryOnce(load, 500).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
