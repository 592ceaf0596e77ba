/**
 * "Start it on first use" (decision 060), for the emulators a Brigade process runs in-process and the
 * clients made from them: the first `get` starts it; callers meanwhile share that one start; a start that
 * fails is forgotten, so the next `get` tries again (a port taken for a moment does not leave the process
 * without its emulator for ever); `close` waits for a start under way and stops what it started, after which
 * `get` refuses.
 */
export interface StartedOnFirstUse<T> {
  get(): Promise<T>;
  /** Whether a start succeeded or is under way (without starting anything). */
  isStarted(): boolean;
  close(): Promise<void>;
}

export class ClosedError extends Error {
  constructor(what: string) {
    super(`${what} is closed`);
    this.name = 'ClosedError';
  }
}

export function startOnFirstUse<T>(
  what: string,
  start: () => Promise<T>,
  stop?: (started: T) => Promise<void> | void,
): StartedOnFirstUse<T> {
  let pending: Promise<T> | undefined;
  let closed = false;
  return {
    get: () => {
      if (closed) return Promise.reject(new ClosedError(what));
      if (pending) return pending;
      const starting = start();
      pending = starting;
      starting.catch(() => {
        if (pending === starting) pending = undefined;
      });
      return starting;
    },
    isStarted: () => pending !== undefined,
    close: async () => {
      closed = true;
      const started = await pending?.catch(() => undefined);
      pending = undefined;
      if (started !== undefined) await stop?.(started);
    },
  };
}
