// The upload-cleaning thread's entry under tsx (tests, `npm run dev`; the compiled server bundles
// pdf-clean-tasks.ts instead, build.mjs). Plain JavaScript for the same reason as pdf.worker.mjs:
// a worker thread does not inherit the main thread's tsx loader on Node 20.
import { register } from "tsx/esm/api";

register();
const tasks = await import("./pdf-clean-tasks.ts");

export const cleanUpload = tasks.cleanUpload;
export const warmUp = tasks.warmUp;
