import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");
/** Node's arguments for the compiled server, from the repository root, as `npm start` runs it. */
export const SERVER_ARGS = ["--enable-source-maps", "apps/server/dist/server.mjs"];

let built = false;
/** Compiles the server as `npm start` does (apps/server/build.mjs, under a second), once per process. */
export function buildServer(): void {
  if (built) return;
  execFileSync(process.execPath, ["apps/server/build.mjs"], { cwd: REPO_ROOT, stdio: "inherit" });
  built = true;
}

/** A port nobody listens on right now (the OS picks it; we close and hand it to the server). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs the compiled server (`node --enable-source-maps apps/server/dist/server.mjs`, compiled first)
 * from the repository root with only the given environment, as `npm start` does: one process,
 * which receives signals itself.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  buildServer();
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? REPO_ROOT, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Polls until `check` returns a value; fails with the server's output if it exits or time runs out. */
export async function waitUntil<T>(
  server: ServerProcess,
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 45_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (server.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${what}: not seen (exit code ${server.child.exitCode})\n${server.stdout()}\n${server.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
