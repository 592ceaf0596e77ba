import type { Db } from '@brigade/db/database';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { addFunnelCounts, type FunnelCounts } from './funnel-repository';

/** The funnel's steps counted in memory: a guest opened the order menu, a guest asked for a quote. */
export type FunnelStep = 'menuViews' | 'quotes';

type Counts = FunnelCounts;

/** How often the counts are added to the database (and at close). */
export const FUNNEL_FLUSH_MS = 30_000;

/**
 * The online-ordering funnel's counts of one process (docs/behaviour/reports.md#online-ordering-funnel):
 * each menu view and quote adds one in memory, by restaurant and business day (the restaurant's clock), and
 * `flush` adds them to `ordering_funnel_days` in one transaction — every half minute and when the server
 * closes. Several instances each add their own. A failed flush keeps its counts for the next; a process
 * killed outright loses at most the last half minute of views, which a funnel can bear (orders and sales,
 * the funnel's money end, come from the orders and the ledger, never from here).
 */
export class FunnelTally {
  private pending = new Map<string, Counts>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    options: { flushMs?: number } = {},
  ) {
    const every = options.flushMs ?? FUNNEL_FLUSH_MS;
    if (every > 0) {
      this.timer = setInterval(() => void this.flush().catch(() => undefined), every);
      this.timer.unref();
    }
  }

  count(
    scope: { tenantId: number; restaurantId: number },
    timezone: string,
    step: FunnelStep,
    at = new Date(),
  ) {
    const businessDate = toLocalMoment(at.toISOString(), timezone).date;
    const key = `${scope.tenantId}:${scope.restaurantId}:${businessDate}`;
    let counts = this.pending.get(key);
    if (!counts) {
      counts = { ...scope, businessDate, menuViews: 0, quotes: 0 };
      this.pending.set(key, counts);
    }
    counts[step] += 1;
  }

  /** Adds what was counted since the last flush; one flush at a time. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.write(rows).finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  private async write(rows: Counts[]) {
    try {
      await this.db.transaction((tx) => addFunnelCounts(tx, rows));
    } catch (error) {
      // kept for the next flush (a restaurant deleted meanwhile fails again: its counts are dropped then)
      if (!String(error).includes('foreign key')) for (const row of rows) this.readd(row);
      throw error;
    }
  }

  private readd(row: Counts) {
    const key = `${row.tenantId}:${row.restaurantId}:${row.businessDate}`;
    const counts = this.pending.get(key);
    if (!counts) this.pending.set(key, { ...row });
    else {
      counts.menuViews += row.menuViews;
      counts.quotes += row.quotes;
    }
  }

  /** Stops the timer and adds what is left. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
