import { describe, expect, it } from "vitest";
import { TurnQueue } from "./turn-queue.ts";

describe("TurnQueue: a burst of main-thread work, sliced", () => {
  it("runs at most `width` tasks at a time, in arrival order", async () => {
    const queue = new TurnQueue(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return id;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((id) => queue.run(task(id))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(queue.pending).toBe(0);
  });

  it("lets I/O that arrives meanwhile run between two tasks of a burst", async () => {
    const queue = new TurnQueue(1);
    const order: string[] = [];
    const burst = [1, 2, 3].map((id) =>
      queue.run(async () => {
        order.push(`task ${id}`);
        // Work of the first task schedules a callback, as a request arriving would be.
        if (id === 1) setImmediate(() => order.push("other request"));
      }),
    );
    await Promise.all(burst);
    expect(order).toEqual(["task 1", "other request", "task 2", "task 3"]);
  });

  it("frees the slot of a task that fails", async () => {
    const queue = new TurnQueue(1);
    await expect(queue.run(() => Promise.reject(new Error("no")))).rejects.toThrow("no");
    await expect(queue.run(async () => "next")).resolves.toBe("next");
  });
});
