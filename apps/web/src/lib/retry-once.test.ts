import { afterEach, describe, expect, it, vi } from "vitest";
import { ChunkLoadError, isChunkLoadError, loadChunk, retryOnce, withTimeout } from "./retry-once.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("retryOnce", () => {
  it("returns the first success without retrying", async () => {
    const load = vi.fn().mockResolvedValue("ok");
    await expect(retryOnce(load)).resolves.toBe("ok");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("retries once after a failure", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("blip")).mockResolvedValue("ok");
    await expect(retryOnce(load)).resolves.toBe("ok");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("gives up after the second failure with that failure", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("first")).mockRejectedValueOnce(new Error("second"));
    await expect(retryOnce(load)).rejects.toThrow("second");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("waits before retrying", async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValueOnce(new Error("blip")).mockResolvedValue("ok");
    const result = retryOnce(load, 1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe("ok");
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("withTimeout", () => {
  it("passes a value through in time", async () => {
    await expect(withTimeout(Promise.resolve(3), 50)).resolves.toBe(3);
  });

  it("rejects when too slow", async () => {
    vi.useFakeTimers();
    const slow = new Promise(() => {});
    const result = withTimeout(slow, 100);
    const assertion = expect(result).rejects.toThrow("Timed out");
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
  });
});

describe("loadChunk", () => {
  it("wraps the final failure in a ChunkLoadError keeping the cause", async () => {
    const cause = new TypeError("Failed to fetch dynamically imported module");
    const load = vi.fn().mockRejectedValue(cause);
    const error = await loadChunk(load, { timeoutMs: 1000, retryDelayMs: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as ChunkLoadError).cause).toBe(cause);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("retries a timed-out attempt", async () => {
    vi.useFakeTimers();
    const load = vi
      .fn()
      .mockReturnValueOnce(new Promise(() => {}))
      .mockResolvedValue("module");
    const result = loadChunk(load, { timeoutMs: 100, retryDelayMs: 10 });
    await vi.advanceTimersByTimeAsync(110);
    await expect(result).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
