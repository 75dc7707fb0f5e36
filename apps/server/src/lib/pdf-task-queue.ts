import type { PiscinaTask, TaskQueue } from "piscina";

type Task = Parameters<TaskQueue["push"]>[0];

/*
 * The order the drawing threads take waiting work in: a download someone clicked first,
 * then the confirmation e-mails' attachments, which nobody watches. With one thread on a small
 * machine, a burst of sends on opening day would otherwise put every download behind hundreds of
 * e-mail attachments. First come, first served within a lane. Uploads have threads of their own
 * (pdf-pool.ts): a rebuild waiting here would still wait for the drawing under way.
 */
export const PDF_TASK_LANES = ["render", "renderInBackground"] as const;

const laneOf = (task: Task) => {
  const lane = PDF_TASK_LANES.indexOf((task as PiscinaTask).name as (typeof PDF_TASK_LANES)[number]);
  return lane < 0 ? 0 : lane;
};

export class PdfTaskQueue implements TaskQueue {
  private readonly lanes: Task[][] = PDF_TASK_LANES.map(() => []);

  get size(): number {
    return this.lanes.reduce((sum, lane) => sum + lane.length, 0);
  }

  shift(): Task | null {
    for (const lane of this.lanes) if (lane.length > 0) return lane.shift() ?? null;
    return null;
  }

  push(task: Task): void {
    this.lanes[laneOf(task)]?.push(task);
  }

  unshift(task: Task): void {
    this.lanes[laneOf(task)]?.unshift(task);
  }

  remove(task: Task): void {
    const lane = this.lanes[laneOf(task)];
    const index = lane?.indexOf(task) ?? -1;
    if (index >= 0) lane?.splice(index, 1);
  }
}
