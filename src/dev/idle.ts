/**
 * What the dev server does for the reader while they read (pages rendered ahead, code grammars
 * compiled) waits here for idle time: one task at a time, and only once no request is being
 * answered. A request that comes while a task runs waits for that task alone, so tasks are kept
 * small: one page, a few lines of code colouring; a long task (a big page's sections) pauses
 * between its parts (`pause`).
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

type Task = () => Promise<void>;

export class IdleQueue {
  private active = 0;
  /** Tasks that show the reader something they already have open (its code's colours): before the rest. */
  private readonly first: Task[] = [];
  private readonly rest: Task[] = [];
  private running = false;

  /** Answers a request; tasks wait meanwhile. */
  async serving<T>(work: () => Promise<T>): Promise<T> {
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
    }
  }

  /**
   * Runs `task` once no request is being answered and the tasks before it are done: those handed
   * over before it, and with `first`, only the other `first` tasks.
   */
  run<T>(task: () => Promise<T>, options: { first?: boolean } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      (options.first ? this.first : this.rest).push(() => task().then(resolve, reject));
      void this.drain();
    });
  }

  /** Runs the waiting tasks one at a time, each in idle time. */
  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.first.length > 0 || this.rest.length > 0) {
        await this.pause();
        await (this.first.shift() ?? this.rest.shift())?.();
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * For a task under way, between two of its parts: resolves once no request is being answered,
   * so that requests that came meanwhile go first; at once when `hurry` says a request is waiting
   * for this very task (it would otherwise wait for itself).
   */
  async pause(hurry: () => boolean = () => false): Promise<void> {
    for (;;) {
      if (hurry()) return;
      for (let turn = 0; turn < TURNS; turn++) await new Promise((resolve) => setImmediate(resolve));
      if (this.active === 0 || hurry()) return;
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    }
  }
}
