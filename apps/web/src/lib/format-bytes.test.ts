import { describe, expect, it } from "vitest";
import { formatBytes } from "./format-bytes.ts";

describe("formatBytes", () => {
  it("says a download's size in B, KB or MB, in the user's locale", () => {
    expect(formatBytes(512, "en")).toBe("512 B");
    expect(formatBytes(2048, "en")).toBe("2 KB");
    expect(formatBytes(5 * 1024 * 1024 + 300_000, "en")).toBe("5.3 MB");
    expect(formatBytes(5 * 1024 * 1024 + 300_000, "fr")).toBe("5,3 MB");
  });
});
