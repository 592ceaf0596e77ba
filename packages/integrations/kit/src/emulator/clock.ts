/**
 * An emulator's time, which tests move on without waiting (`advance`, or `POST /emulator/clock`). Its reading
 * lives in the emulator's state, so a state file keeps it across restarts.
 */
export interface EmulatorClock {
  /** Milliseconds since the epoch. */
  now(): number;
  advance(ms: number): void;
}

/** A clock that stands still until moved: `holder.now` (CardPointe's settlement clock). */
export function heldClock(holder: { now: number }, onAdvance?: (now: number) => void): EmulatorClock {
  return {
    now: () => holder.now,
    advance: (ms) => {
      holder.now += ms;
      onAdvance?.(holder.now);
    },
  };
}

/** The wall clock moved on by `holder.clockOffsetMs` (Google's quotas a minute long). */
export function offsetClock(holder: { clockOffsetMs: number }, wall: () => number = Date.now): EmulatorClock {
  return {
    now: () => wall() + holder.clockOffsetMs,
    advance: (ms) => {
      holder.clockOffsetMs += ms;
    },
  };
}
