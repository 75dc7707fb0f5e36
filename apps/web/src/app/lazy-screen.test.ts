import { describe, expect, it, vi } from "vitest";
import { ChunkLoadError } from "../lib/retry-once.ts";
import { lazyScreen } from "./lazy-screen.ts";

const Screen = () => null;

describe("lazyScreen", () => {
  it("downloads a preloaded screen once, with what it needs alongside", async () => {
    const load = vi.fn().mockResolvedValue(Screen);
    const alongside = vi.fn().mockResolvedValue(undefined);
    const screen = lazyScreen(load, alongside);
    expect(load).not.toHaveBeenCalled();
    screen.preload();
    screen.preload();
    await vi.waitFor(() => expect(alongside).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps a failed early download quiet: the screen's render reports it", async () => {
    const load = vi.fn().mockRejectedValue(new Error("offline"));
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      lazyScreen(load).preload();
      // loadChunk retries once after 500 ms; then the failure settles.
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2), { timeout: 2_000 });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("renders a downloaded screen at once, and suspends only while its code is on its way", async () => {
    const screen = lazyScreen(vi.fn().mockResolvedValue(Screen));
    // Before the download: the render throws the download's promise, for the nearest Suspense.
    let thrown: unknown;
    try {
      screen({});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    // Once it is there: the screen's element, without suspending again.
    const element = screen({ title: "x" } as object) as { type: unknown; props: { title: string } };
    expect(element.type).toBe(Screen);
    expect(element.props.title).toBe("x");
  });

  it("throws the download's failure at each render, for the error boundary", async () => {
    const screen = lazyScreen(vi.fn().mockRejectedValue(new Error("offline")));
    await screen.preload();
    expect(() => screen({})).toThrow(ChunkLoadError);
    expect(() => screen({})).toThrow(ChunkLoadError);
  });
});
