// The PDF worker threads' entry (lib/pdf-pool.ts). Plain JavaScript on purpose: on Node 20 a
// worker thread does not inherit the main thread's tsx loader, so this file registers tsx for its
// own thread, then loads the TypeScript tasks.
import { register } from "tsx/esm/api";

register();
const tasks = await import("./pdf-tasks.ts");

export const render = tasks.render;
// The same drawing, queued behind what someone waits for (lib/pdf-task-queue.ts).
export const renderInBackground = tasks.render;
export const cleanUpload = tasks.cleanUpload;
