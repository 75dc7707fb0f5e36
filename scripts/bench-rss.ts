import { readFileSync } from "node:fs";

/** Peak resident set size of a process, sampled from /proc while `during` runs. */
export async function peakRss<T>(pid: number, during: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = 0;
  const sample = () => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match) peak = Math.max(peak, Number(match[1]) / 1024);
    } catch {
      // the process is gone: the figures stop there
    }
  };
  sample();
  const timer = setInterval(sample, 20);
  try {
    const value = await during();
    sample();
    return { value, peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}
