import { enqueue } from '@brigade/core/jobs/jobs';
import { QUEUES } from '@brigade/db/job-queue';
import { authThrottle } from '@brigade/db/schema/identity';
import { rowsOf } from '@brigade/test-utils/card-data';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createJobRunner, startJobRunner } from './job-runtime';
import { systemOrderingDeps } from './routes/ordering';
import { useTestApp } from './test-app';

const t = useTestApp();
let stop: (() => Promise<void>) | undefined;
afterAll(async () => stop?.());

const jobsOf = async (queue: string) =>
  rowsOf(
    await t.database.db.execute(
      sql`select state, data from pgboss.job where name = ${queue} order by created_on`,
    ),
  ) as { state: string; data: Record<string, unknown> }[];

describe("the server's job runner", () => {
  it('runs housekeeping and the checkout sweep at start-up, even while a killed process holds their jobs, and delivers queued mail', async () => {
    const db = t.database.db;
    // a process killed in the middle of both sweeps: their jobs stay active until they expire (minutes), and a
    // stately queue starts no other one until then
    for (const queue of [QUEUES.housekeeping.name, QUEUES.checkoutSweep.name]) await enqueue(db, queue, {});
    await db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() where name in ('housekeeping', 'checkout.sweep')`,
    );
    const long = new Date(Date.now() - 7 * 24 * 3600 * 1000);
    await db.insert(authThrottle).values({ key: 'signin:10.9.9.9', failures: 3, windowStartedAt: long });
    const [mail] = rowsOf(
      await db.execute(
        sql`insert into outbox_emails (to_address, subject, text_body) values ('cook@example.com', 'Hello', 'T') returning id`,
      ),
    ) as { id: number }[];
    const runner = createJobRunner(
      t.deps,
      { db, storage: t.deps.imageStorage, instanceId: t.deps.instanceId },
      t.app.log,
    );
    await startJobRunner(runner, t.deps);
    stop = () => runner.stop();
    await vi.waitFor(
      async () => {
        expect(await jobsOf('mail.deliver')).toEqual([{ state: 'completed', data: { outboxId: mail!.id } }]);
        // housekeeping ran at once, not behind the dead process's job: the week-old throttle count is gone
        expect((await db.select().from(authThrottle)).map((row) => row.key)).not.toContain('signin:10.9.9.9');
      },
      { timeout: 10_000, interval: 50 },
    );
    // the sweeps and the Google jobs are scheduled, in UTC
    expect(rowsOf(await db.execute(sql`select name, cron from pgboss.schedule order by name`))).toEqual([
      { name: 'checkout.sweep', cron: '* * * * *' },
      { name: 'housekeeping', cron: '*/15 * * * *' },
      { name: 'kiosk.unpaid', cron: '*/15 * * * *' },
      { name: 'listing.autoreply', cron: '* * * * *' },
      { name: 'listing.schedule', cron: '* * * * *' },
      { name: 'payments.reports', cron: '40 5 * * *' },
      { name: 'places.resync', cron: '*/15 * * * *' },
      { name: 'pos.untipped', cron: '*/15 * * * *' },
      { name: 'refund.scheduled', cron: '*/15 * * * *' },
      { name: 'retention.prune', cron: '17 3 * * *' },
    ]);
  });

  it("runs each step of the jobs' payment and order work in a transaction of its own: a failed step leaves nothing", async () => {
    // The checkout sweep records a refund found made at the gateway and the original's refunded amount in one
    // step; without a transaction a kill -9 between the two left the refund counted and the original not.
    const deps = systemOrderingDeps(t.deps, t.app.log);
    const key = `signin:step-${Date.now()}`;
    await expect(
      deps.transact(async (tx) => {
        await tx.insert(authThrottle).values({ key, failures: 1, windowStartedAt: new Date() });
        throw new Error('the step failed after its first write');
      }),
    ).rejects.toThrow('the step failed');
    const rows = await t.database.db.select().from(authThrottle).where(eq(authThrottle.key, key));
    expect(rows).toEqual([]);
  });
});
