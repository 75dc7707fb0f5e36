import { describe, expect, it, vi } from "vitest";
import { earlyRequest } from "./early-request.ts";

describe("earlyRequest", () => {
  it("hands the request started early to the first fetch, and asks again for the next", async () => {
    const request = vi.fn().mockResolvedValueOnce("early").mockResolvedValueOnce("later");
    const session = earlyRequest(request);
    session.start();
    expect(request).toHaveBeenCalledTimes(1);
    await expect(session.fetch()).resolves.toBe("early");
    expect(request).toHaveBeenCalledTimes(1);
    await expect(session.fetch()).resolves.toBe("later");
    expect(request).toHaveBeenCalledTimes(2);
  });

  it("asks as usual when nothing was started", async () => {
    const request = vi.fn().mockResolvedValue("asked");
    await expect(earlyRequest(request).fetch()).resolves.toBe("asked");
    expect(request).toHaveBeenCalledTimes(1);
  });

  it("gives an early failure to the first fetch only: the retry asks again", async () => {
    const request = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce("back");
    const session = earlyRequest(request);
    session.start();
    // Let the failure settle before anyone fetches: it must not surface as an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(session.fetch()).rejects.toThrow("offline");
    await expect(session.fetch()).resolves.toBe("back");
  });
});
