import fs from "node:fs";
import path from "node:path";
import type { DrawnPageInput } from "@portal/shared/drawn-page";
import { Piscina } from "piscina";

/** The web build's page drawing (apps/web/src/ssr/render-page.tsx), run in its own thread. */
export interface PageDrawing {
  /** Whether the page at this path is one drawn: asked before its data is gathered. */
  drawsPath: (pathname: string) => Promise<boolean>;
  /** The whole document, or undefined when this visitor or this moment gets the shell. */
  drawPage: (input: DrawnPageInput) => Promise<string | undefined>;
}

export interface PageDrawer {
  /** The drawing, or undefined without the bundle (an older build) or with one that cannot load. */
  drawing: () => PageDrawing | undefined;
  /** Starts the thread and loads the bundle ahead of the first visitor (app.ts, on listen). */
  warmUp: () => void;
  close: () => Promise<void>;
}

/** What the thread answers (workers/page-drawing.worker.mjs): a value, or that the bundle cannot load. */
type DrawingAnswer<T> = { value: T } | { unavailable: string };

/** The compiled server has the thread's entry beside it (build.mjs); under tsx, the source. */
const workerEntry = () =>
  import.meta.url.endsWith(".ts")
    ? new URL("../../workers/page-drawing.worker.mjs", import.meta.url).href
    : new URL("./page-drawing.worker.mjs", import.meta.url).href;

/** Idle this long, the thread stops and gives its memory back; the next page to draw starts it. */
const IDLE_MS = 60_000;
/** Paths asked about are remembered (the answer only changes with the build): at most this many. */
const PATHS_KEPT = 1_000;

/**
 * Public pages are drawn in a thread of their own (docs/web.md "Server-drawn public pages"):
 * rendering a page takes 10–40 ms of one core (the register form the most), too long a block for
 * the main thread, which answers everyone else meanwhile. One thread is enough: drawn pages are
 * cached (drawn-page-cache.ts), so it works when a page's data changes, not per visitor, and it
 * stops after a minute idle. Without the bundle (an older build) there is no drawing and every
 * page gets the app's shell as before; a bundle that fails to load is reported once, then treated
 * the same way.
 */
export function pageDrawer(webDist: string, onLoadError: (error: unknown) => void): PageDrawer {
  const bundleFile = path.join(webDist, ".ssr/render-page.js");
  let pool: Piscina | undefined;
  let broken = false;
  const drawsPathOf = new Map<string, boolean>();

  const thread = () => {
    pool ??= new Piscina({
      filename: workerEntry(),
      workerData: { bundleFile },
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
      // Not the main thread's flags: under tsx, `--import tsx` would run before the entry registers its own.
      execArgv: [],
    });
    return pool;
  };
  /** A task's value; undefined once the bundle is known not to load (said once, then no drawing). */
  const run = async <T>(name: string, task?: unknown): Promise<T | undefined> => {
    const answer = (await thread().run(task, { name })) as DrawingAnswer<T>;
    if ("value" in answer) return answer.value;
    if (!broken) {
      broken = true;
      onLoadError(new Error(answer.unavailable));
    }
    return undefined;
  };
  const drawing: PageDrawing = {
    drawsPath: async (pathname) => {
      const known = drawsPathOf.get(pathname);
      if (known !== undefined) return known;
      const answer = await run<boolean>("drawsPath", pathname);
      if (answer === undefined) return false;
      if (drawsPathOf.size >= PATHS_KEPT) drawsPathOf.clear();
      drawsPathOf.set(pathname, answer);
      return answer;
    },
    drawPage: (input) => run<string | undefined>("drawPage", input),
  };
  // Looked for once: a build made while the server runs is taken at its next start, as before.
  let built: boolean | undefined;
  const available = () => {
    built ??= fs.existsSync(bundleFile);
    return built && !broken;
  };
  return {
    drawing: () => (available() ? drawing : undefined),
    warmUp: () => {
      // A failure here is the first visitor's to meet (and the shell's to cover), not the start's.
      if (available()) run("warmUp").catch(() => {});
    },
    close: async () => {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
