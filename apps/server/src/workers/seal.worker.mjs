// The seal thread's entry under tsx (tests, `npm run dev`; the compiled server bundles
// seal-tasks.ts instead, build.mjs), registering tsx for its own thread as pdf.worker.mjs does.
import { register } from "tsx/esm/api";

register();
const tasks = await import("./seal-tasks.ts");

export const seal = tasks.seal;
export const inspectCertificate = tasks.inspectCertificate;
