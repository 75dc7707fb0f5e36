/**
 * Runs tasks at most `width` at a time, in arrival order, each starting in an event-loop turn of
 * its own (setImmediate, after the I/O already waiting). A burst of them therefore never holds
 * the main thread for more than `width` tasks' synchronous work in a row: other requests' I/O is
 * served between them (docs/rules/documents.md "Enrollment documents").
 */
export class TurnQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly width: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.width) this.running += 1;
    // The slot is handed over by the task ending before (`running` unchanged then).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Tasks waiting for a slot (not those running). */
  get pending(): number {
    return this.waiting.length;
  }
}
