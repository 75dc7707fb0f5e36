import type { AppContext } from "../context.ts";

/**
 * E-mails that go out after a change has committed, without the answer waiting for SMTP: each task
 * is kept per app context until it ends, so shutdown (and the tests' app close) can wait for the
 * ones still going out before the database and the mailer close. A task must catch and log its own
 * failures: it never undoes the change that caused it.
 */
const pending = new WeakMap<AppContext, Set<Promise<void>>>();

/** Keeps `task` until it ends (it must not reject: failures are the task's to log). */
export function trackBackgroundMail(ctx: AppContext, task: Promise<void>): void {
  const set = pending.get(ctx) ?? new Set();
  pending.set(ctx, set);
  set.add(task);
  void task.finally(() => set.delete(task));
}

/** Waits (at most `timeoutMs`) for the e-mails still going out: on shutdown, and in tests. */
export async function settleBackgroundMails(ctx: AppContext, timeoutMs = 8000): Promise<void> {
  const tasks = [...(pending.get(ctx) ?? [])];
  if (tasks.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([Promise.all(tasks), timeout]);
  clearTimeout(timer);
}
