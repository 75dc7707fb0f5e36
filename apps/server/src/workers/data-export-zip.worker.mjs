// The "My data" archive thread's entry under tsx (tests, `npm run dev`; the compiled server bundles
// data-export-zip-tasks.ts instead, build.mjs). Plain JavaScript, as pdf.worker.mjs: a worker
// thread does not inherit the main thread's tsx loader on Node 20.
import { register } from "tsx/esm/api";

register();
await import("./data-export-zip-tasks.ts");
