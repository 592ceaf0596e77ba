import { rowsOf } from '@brigade/test-utils/card-data';
import { makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

// issue 41: the job queue for site administrators (GET /admin/jobs, /admin/jobs/counts, POST …/retry).
const t = useTestApp();

const call = (session: Session | null, method: 'GET' | 'POST', url: string) => {
  const options = { method, url: `/api/v1${url}` };
  return session ? asBearer(t.app, session, options) : t.app.inject(options);
};

let admin: Session;
let owner: Session;
let dead: string;
let done: string;

beforeAll(async () => {
  const db = t.database.db;
  const tenant = await makeTenant(db, { displayName: 'Lakeside Group' });
  admin = await signInAs(t.app, (await makeUser(db, { isSiteAdmin: true })).email, TEST_PASSWORD);
  owner = await signInAs(
    t.app,
    (await makeUser(db, { tenantId: tenant.tenantId, role: 'owner' })).email,
    TEST_PASSWORD,
  );
  // Three mails, so three delivery jobs (no runner here): one dies, one is done, one waits.
  for (const subject of ['dies', 'done', 'waits'])
    await db.execute(
      sql`insert into outbox_emails (to_address, subject, text_body) values ('a@example.com', ${subject}, 'T')`,
    );
  const jobs = rowsOf(
    await db.execute(
      sql`select j.id::text as id, o.subject from pgboss.job j join outbox_emails o on o.id = (j.data->>'outboxId')::int`,
    ),
  ) as { id: string; subject: string }[];
  dead = jobs.find((job) => job.subject === 'dies')!.id;
  done = jobs.find((job) => job.subject === 'done')!.id;
  await db.execute(
    sql`update pgboss.job set state = 'failed', retry_count = 8, output = '{"message":"connect ECONNREFUSED 10.0.0.9:587"}' where id = ${dead}::uuid`,
  );
  await db.execute(sql`update pgboss.job set state = 'completed' where id = ${done}::uuid`);
});

describe('jobs for site administrators', () => {
  it('counts each queue’s jobs by state and lists the dead ones with their error', async () => {
    const counts = await call(admin, 'GET', '/admin/jobs/counts');
    expect(counts.statusCode, counts.body).toBe(200);
    const mail = counts.json().data.find((row: { queue: string }) => row.queue === 'mail.deliver');
    expect(mail.counts).toEqual({ created: 1, retry: 0, active: 0, completed: 1, cancelled: 0, failed: 1 });
    expect(counts.json().data.map((row: { queue: string }) => row.queue)).toEqual(
      expect.arrayContaining(['kitchen.ticket', 'checkout.sweep', 'housekeeping']),
    );
    const failed = await call(admin, 'GET', '/admin/jobs');
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().data).toEqual([
      expect.objectContaining({
        id: dead,
        queue: 'mail.deliver',
        state: 'failed',
        retryCount: 8,
        error: 'connect ECONNREFUSED 10.0.0.9:587',
      }),
    ]);
    const waiting = await call(admin, 'GET', '/admin/jobs?state=created&queue=mail.deliver');
    expect(waiting.json().data.map((job: { state: string }) => job.state)).toEqual(['created']);
    expect((await call(admin, 'GET', '/admin/jobs?state=created&queue=kitchen.ticket')).json().data).toEqual(
      [],
    );
  });

  it('retries a dead job once more, and refuses one that is not dead', async () => {
    const retried = await call(admin, 'POST', `/admin/jobs/mail.deliver/${dead}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ id: dead, state: 'retry', retryLimit: expect.any(Number) });
    const [row] = rowsOf(
      await t.database.db.execute(
        sql`select state::text, retry_limit from pgboss.job where id = ${dead}::uuid`,
      ),
    ) as { state: string; retry_limit: number }[];
    expect(row!.state).toBe('retry');
    const again = await call(admin, 'POST', `/admin/jobs/mail.deliver/${dead}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Only a failed job can be retried');
    expect((await call(admin, 'POST', `/admin/jobs/mail.deliver/${done}/retry`)).statusCode).toBe(409);
    const unknown = await call(
      admin,
      'POST',
      '/admin/jobs/mail.deliver/6f1c2b1e-0000-4000-8000-000000000000/retry',
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await call(admin, 'POST', '/admin/jobs/mail.deliver/not-a-uuid/retry');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Job ID must be a UUID');
    const badState = await call(admin, 'GET', '/admin/jobs?state=dead');
    expect(badState.statusCode).toBe(400);
  });

  it('shows nothing to a tenant’s owner or to anyone signed out', async () => {
    for (const [method, url] of [
      ['GET', '/admin/jobs'],
      ['GET', '/admin/jobs/counts'],
      ['POST', `/admin/jobs/mail.deliver/${done}/retry`],
    ] as const) {
      expect((await call(owner, method, url)).statusCode).toBe(403);
      expect((await call(null, method, url)).statusCode).toBe(401);
    }
  });
});
