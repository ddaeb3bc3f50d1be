/**
 * What the dev server does for the reader while they read (pages rendered ahead, code grammars
 * compiled) waits here for idle time: one task at a time, and only once no request is being
 * answered. A request that comes while a task runs waits for that task alone, so tasks are kept
 * small: one page, one code block.
 */

/** How long a task waits, while a request is answered, before looking again. */
const WAIT_MS = 10;
/**
 * Turns of the event loop a task lets pass before it starts: a request that came while the task
 * before it ran is read by then (a new connection takes two: one to accept it, one to read it).
 * One `setImmediate` is not enough: after a task that ended in the poll phase it runs before the
 * next poll, and `setTimeout(0)` comes before the poll too once the loop has been busy for 1 ms.
 */
const TURNS = 3;

export class IdleQueue {
  private active = 0;
  private tail: Promise<unknown> = Promise.resolve();

  /** Answers a request; tasks wait meanwhile. */
  async serving<T>(work: () => Promise<T>): Promise<T> {
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
    }
  }

  /** Runs `task` once the tasks handed over before it are done and no request is being answered. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(() => this.idle()).then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async idle(): Promise<void> {
    for (;;) {
      for (let turn = 0; turn < TURNS; turn++) await new Promise((resolve) => setImmediate(resolve));
      if (this.active === 0) return;
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    }
  }
}
