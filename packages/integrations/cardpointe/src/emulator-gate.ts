import { RATE_LIMIT_PER_MINUTE, RATE_LIMITED } from './emulator-routes';
import type { Endpoint } from './endpoints';

/** What the emulator does to requests before their route: injected failures and hangs, the UAT rate limit. */

export interface InjectedFailure {
  endpoint: Endpoint;
  status: number;
  times?: number;
}

/**
 * Planned failures per endpoint, consumed as requests arrive: an HTTP status, 'hang' (no answer, nothing
 * done), or 'lose' (the request is carried out, but its answer never leaves: a connection lost on the way back).
 */
export class FailurePlan {
  private readonly planned: { endpoint: Endpoint; outcome: number | 'hang' | 'lose'; times: number }[] = [];

  add(endpoint: Endpoint, outcome: number | 'hang' | 'lose', times = 1): void {
    this.planned.push({ endpoint, outcome, times });
  }

  take(endpoint: Endpoint): number | 'hang' | 'lose' | undefined {
    const plan = this.planned.find((entry) => entry.endpoint === endpoint);
    if (!plan) return undefined;
    plan.times -= 1;
    if (plan.times <= 0) this.planned.splice(this.planned.indexOf(plan), 1);
    return plan.outcome;
  }
}

const MINUTE_MS = 60_000;

/** 20 requests a minute per client address on the limited endpoints, in windows of the emulated clock. */
export class RateLimiter {
  private readonly counts = new Map<string, number>();

  /** undefined when the request may pass; else the seconds until the window ends. */
  take(endpoint: Endpoint, address: string, now: number): number | undefined {
    if (!RATE_LIMITED.includes(endpoint)) return undefined;
    const window = Math.floor(now / MINUTE_MS);
    const key = `${window}:${address}`;
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    if (count <= RATE_LIMIT_PER_MINUTE) return undefined;
    return Math.max(1, Math.ceil(((window + 1) * MINUTE_MS - now) / 1000));
  }
}
