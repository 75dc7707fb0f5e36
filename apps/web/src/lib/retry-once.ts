/** A screen's code could not be downloaded (spec 8 ChunkLoadError: missing, timed out or failed). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super("A part of the application could not be loaded", { cause });
    this.name = "ChunkLoadError";
  }
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError;
}

/** Rejects with a TimeoutError when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new DOMException("Timed out", "TimeoutError")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `load`; if it fails, waits `delayMs` and calls it once more. A deployment or a network blip
 * often explains one failure; a second one means the user must reload.
 */
export async function retryOnce<T>(load: () => Promise<T>, delayMs = 0): Promise<T> {
  try {
    return await load();
  } catch {
    await sleep(delayMs);
    return load();
  }
}

/** Loads a code chunk with a time limit per attempt and one retry; the last failure is a ChunkLoadError. */
export async function loadChunk<T>(
  load: () => Promise<T>,
  { timeoutMs, retryDelayMs = 500 }: { timeoutMs: number; retryDelayMs?: number },
): Promise<T> {
  try {
    return await retryOnce(() => withTimeout(load(), timeoutMs), retryDelayMs);
  } catch (error) {
    throw new ChunkLoadError(error);
  }
}
