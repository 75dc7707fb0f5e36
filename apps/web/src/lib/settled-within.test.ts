import { afterEach, describe, expect, it, vi } from "vitest";
import { settledWithin } from "./settled-within.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("settledWithin", () => {
  it("waits for every promise, a failed one included, without rejecting", async () => {
    let lastSettled = false;
    const last = new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => {
      lastSettled = true;
    });
    await expect(settledWithin([Promise.reject(new Error("offline")), last], 5_000)).resolves.toBeUndefined();
    expect(lastSettled).toBe(true);
  });

  it("gives up on a promise that never settles after the time given, and no sooner", async () => {
    vi.useFakeTimers();
    let done = false;
    void settledWithin([new Promise(() => {}), Promise.resolve()], 4_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(3_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it("leaves no timer behind once everything has settled", async () => {
    vi.useFakeTimers();
    await settledWithin([Promise.resolve()], 4_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
