import type { Answer } from './answers';

/**
 * Failures planned for the next requests (tests and demos of what Brigade does when a service fails):
 *
 * - `answer`: the request gets this answer instead of its own (a 429 with retry-after, a 500, a malformed body);
 * - `delay`: the request is answered as usual, `ms` later;
 * - `hang`: no answer at all and nothing done (the connection stays open until the client gives up);
 * - `drop`: the connection is destroyed at once, nothing done;
 * - `lose`: the request is carried out but its answer never leaves (a connection lost on the way back).
 */
export type Fault =
  | { kind: 'answer'; answer: Answer }
  | { kind: 'delay'; ms: number }
  | { kind: 'hang' }
  | { kind: 'drop' }
  | { kind: 'lose' };

export interface PlannedFault<T> {
  fault: Fault;
  /** Which requests meet it (by the emulator's own description of a request); every request by default. */
  match?: ((target: T) => boolean) | undefined;
  /** How many matching requests meet it (default 1). */
  times?: number | undefined;
  /** How many matching requests pass first (default 0). */
  skip?: number | undefined;
}

/** Planned faults, consumed in the order they were planned as matching requests arrive. */
export class FaultPlan<T> {
  private readonly planned: {
    fault: Fault;
    match?: ((target: T) => boolean) | undefined;
    times: number;
    skip: number;
  }[] = [];

  add(planned: PlannedFault<T>): void {
    this.planned.push({
      fault: planned.fault,
      match: planned.match,
      times: planned.times ?? 1,
      skip: planned.skip ?? 0,
    });
  }

  /** The fault this request meets, if any (counting it down). */
  take(target: T): Fault | undefined {
    const entry = this.planned.find((candidate) => candidate.match?.(target) ?? true);
    if (!entry) return undefined;
    if (entry.skip > 0) {
      entry.skip -= 1;
      return undefined;
    }
    entry.times -= 1;
    if (entry.times <= 0) this.planned.splice(this.planned.indexOf(entry), 1);
    return entry.fault;
  }

  get size(): number {
    return this.planned.length;
  }

  clear(): void {
    this.planned.length = 0;
  }
}
