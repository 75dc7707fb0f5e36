// The PDF worker threads' entry under tsx (tests, `npm run dev`; the compiled server bundles
// pdf-tasks.ts instead, build.mjs). Plain JavaScript on purpose: on Node 20 a worker thread does
// not inherit the main thread's tsx loader, so this file registers tsx for its own thread, then
// loads the TypeScript tasks.
import { register } from "tsx/esm/api";

register();
const tasks = await import("./pdf-tasks.ts");

export const render = tasks.render;
export const renderInBackground = tasks.renderInBackground;
export const warmUp = tasks.warmUp;
export const drawSigned = tasks.drawSigned;
