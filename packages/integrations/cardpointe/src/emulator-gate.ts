import { RATE_LIMIT_PER_MINUTE, RATE_LIMITED } from './emulator-routes';
import type { Endpoint } from './endpoints';

/** What the emulator does to requests before their route (besides the kit's planned faults): the UAT rate limit. */

export interface InjectedFailure {
  endpoint: Endpoint;
  status: number;
  times?: number;
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
