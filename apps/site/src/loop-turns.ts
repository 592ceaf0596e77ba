/**
 * Hands out turns of the event loop one at a time (issue 20: a page-cache miss must never hold the loop for
 * more than a few milliseconds). Renders are synchronous; fifty misses arriving together would otherwise
 * render back to back in one turn, and every other request (cache hits included) would wait for all of
 * them. Each waiter resumes in a turn of its own, so between two renders the loop answers everyone else.
 */
export class LoopTurns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /** Resolves in a turn of the loop of its own: at most one waiter per turn. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.release);
      }
    });
  }

  private readonly release = (): void => {
    const resolve = this.waiting.shift();
    // Scheduled from a check-phase callback, the next one runs in the loop's next turn, after timers and I/O.
    if (this.waiting.length > 0) setImmediate(this.release);
    else this.scheduled = false;
    resolve?.();
  };
}
