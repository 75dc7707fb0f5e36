// The public pages' drawing thread (modules/public-pages/page-drawer.ts): it alone loads the web
// build's server bundle (React, Mantine, the screens) and renders with it, so the main thread
// never holds React's render for a page (docs/web.md "Server-drawn public pages"). Plain
// JavaScript with nothing of ours to compile: the same file runs under tsx (tests, `npm run dev`)
// and, bundled by build.mjs, in the compiled server, and its import of the bundle stays Node's own.
import { pathToFileURL } from "node:url";
import { workerData } from "piscina";

/** @type {string} */
const bundleFile = workerData.bundleFile;
/** @type {Promise<{ drawsPath: (pathname: string) => boolean, drawPage: (input: unknown) => Promise<string | undefined> }> | undefined} */
let loading;

/**
 * A task's answer: `{ value }`, or `{ unavailable }` when the bundle cannot be loaded (a thrown
 * error's own fields do not cross threads, and the main thread must tell this failure apart).
 */
async function withBundle(use) {
  loading ??= import(pathToFileURL(bundleFile).href);
  let bundle;
  try {
    bundle = await loading;
  } catch (error) {
    return { unavailable: `the drawing's bundle ${bundleFile} could not be loaded: ${String(error)}` };
  }
  return { value: await use(bundle) };
}

export const drawsPath = (pathname) => withBundle((bundle) => bundle.drawsPath(pathname));
export const drawPage = (input) => withBundle((bundle) => bundle.drawPage(input));
export const warmUp = () => withBundle(() => null);
