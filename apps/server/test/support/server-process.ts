import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");

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
 * Runs `node --import tsx apps/server/src/server.ts` from the repository root with only the given
 * environment, as `npm start` does: one process, which receives signals itself (the tsx command
 * relays them through a wrapper that kills the server if it does not acknowledge within 30 ms).
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
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
