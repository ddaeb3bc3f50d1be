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
 * How long no request must have been answered before a task starts: a browser asks for a page's
 * stylesheet, scripts and images within a few tens of ms of its HTML, and a reader going through
 * pages one after another asks for the next within a few ms; either would otherwise find a task
 * just started (a page rendered ahead: 20 to 300 ms) and wait for it. Under requests that never
 * leave that much quiet (a client polling), a task waits for it `QUIET_FOR_MS` at most, then for
 * no request being answered only, so that it is not put off for ever.
 */
export const QUIET_MS = 30;
const QUIET_FOR_MS = 500;
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
  /** When the last request was answered (`performance.now()`). */
  private lastServed = -Infinity;
  /** Tasks that show the reader something they already have open (its code's colours): before the rest. */
  private readonly first: Task[] = [];
  /** `quietMs`: `QUIET_MS` unless a test says otherwise. */
  constructor(private readonly options: { quietMs?: number } = {}) {}

  private readonly rest: Task[] = [];
  private running = false;

  /** Answers a request; tasks wait meanwhile. */
  async serving<T>(work: () => Promise<T>): Promise<T> {
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.lastServed = performance.now();
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
   * For a task under way, between two of its parts: resolves once no request has been answered
   * for `QUIET_MS`, so that requests that came meanwhile go first; at once when `hurry` says a
   * request is waiting for this very task (it would otherwise wait for itself).
   */
  async pause(hurry: () => boolean = () => false): Promise<void> {
    const quietMs = this.options.quietMs ?? QUIET_MS;
    const started = performance.now();
    for (;;) {
      if (hurry()) return;
      for (let turn = 0; turn < TURNS; turn++) await new Promise((resolve) => setImmediate(resolve));
      if (hurry()) return;
      const now = performance.now();
      const wanted = now - started < Math.max(quietMs, QUIET_FOR_MS) ? quietMs : 0;
      const quiet = now - this.lastServed;
      if (this.active === 0 && quiet >= wanted) return;
      await new Promise((resolve) => setTimeout(resolve, this.active === 0 ? wanted - quiet : WAIT_MS));
    }
  }
}
