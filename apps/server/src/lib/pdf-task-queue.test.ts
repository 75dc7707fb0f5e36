import type { PiscinaTask } from "piscina";
import { describe, expect, it } from "vitest";
import { PdfTaskQueue } from "./pdf-task-queue.ts";

const task = (name: string, taskId: number) => ({ name, taskId }) as unknown as PiscinaTask;

describe("the PDF threads' queue", () => {
  it("serves downloads, then e-mail attachments, each lane first come first served", () => {
    const queue = new PdfTaskQueue();
    const order = [task("renderInBackground", 1), task("render", 2), task("renderInBackground", 3), task("render", 4)];
    for (const item of order) queue.push(item);
    expect(queue.size).toBe(4);
    const taken: number[] = [];
    for (let next = queue.shift(); next; next = queue.shift()) taken.push((next as PiscinaTask).taskId);
    expect(taken).toEqual([2, 4, 1, 3]);
    expect(queue.size).toBe(0);
  });

  it("removes a cancelled task from its lane and puts a returned one back in front", () => {
    const queue = new PdfTaskQueue();
    const first = task("render", 1);
    const second = task("render", 2);
    queue.push(first);
    queue.push(second);
    queue.remove(first);
    queue.unshift(task("render", 3));
    expect((queue.shift() as PiscinaTask).taskId).toBe(3);
    expect((queue.shift() as PiscinaTask).taskId).toBe(2);
    expect(queue.shift()).toBeNull();
  });
});
