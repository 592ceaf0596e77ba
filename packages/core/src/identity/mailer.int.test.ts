import type { AddressInfo } from 'node:net';
import { outboxEmails } from '@brigade/db/schema/identity';
import { rowsOf } from '@brigade/test-utils/card-data';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobRunner } from '../jobs/job-runner';
import { createMailer, type Mail } from './mailer';
import { insertOutboxEmail } from './outbox-repository';

const db = useTestDatabase();
const received: { from: string; to: string[]; raw: string }[] = [];
let server: SMTPServer;
let port = 0;
/** The SMTP server refuses this many messages before it takes one (a provider's outage). */
let refuseNext = 0;

// A real SMTP server on loopback: the mail really crosses SMTP, as it would to a provider.
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuseNext > 0) {
          refuseNext -= 1;
          return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const rowOf = async (id: number) =>
  (await db.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0]!;
const smtp = () => `smtp://127.0.0.1:${port}`;

describe('mailer', () => {
  it('sends over SMTP once, keeps only a record (not the body), and leaves a sent message alone', async () => {
    const mailer = createMailer(db.database.db, {
      smtpUrl: smtp(),
      from: 'Brigade <no-reply@brigade.test>',
      messageIdDomain: 'orders.example.com',
    });
    const id = await insertOutboxEmail(db.database.db, {
      to: 'cook@example.com',
      subject: 'Reset your Brigade password',
      text: 'Link: http://x/reset?token=abc',
    });
    const before = received.length;
    expect(await mailer.deliver(id)).toBe('sent');
    expect(received).toHaveLength(before + 1);
    const mail = received.at(-1)!;
    expect(mail).toMatchObject({ from: 'no-reply@brigade.test', to: ['cook@example.com'] });
    expect(mail.raw).toContain('Subject: Reset your Brigade password');
    expect(mail.raw).toContain('token=abc');
    // a stable Message-ID: a delivery repeated after a crash carries the same one
    expect(mail.raw).toMatch(new RegExp(`Message-ID: <outbox-${id}-[0-9a-z]+@orders\\.example\\.com>`));
    const row = await rowOf(id);
    expect(row).toMatchObject({
      toAddress: 'cook@example.com',
      textBody: '[delivered by SMTP; body not kept]',
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(await mailer.deliver(id)).toBe('already sent');
    expect(received).toHaveLength(before + 1);
    expect(await mailer.deliver(999_999)).toBe('gone');
  });

  it('without SMTP keeps the message in the outbox and hands it to the log callback', async () => {
    const logged: Mail[] = [];
    const mailer = createMailer(db.database.db, {
      from: 'x@y.z',
      onUndelivered: (mail) => logged.push(mail),
    });
    const id = await insertOutboxEmail(db.database.db, {
      to: 'host@example.com',
      subject: 'Hello',
      text: 'body',
    });
    expect(await mailer.deliver(id)).toBe('kept');
    expect(logged).toEqual([{ to: 'host@example.com', subject: 'Hello', text: 'body' }]);
    expect(await rowOf(id)).toMatchObject({ textBody: 'body', sentAt: null });
  });

  it('records a delivery failure on the row and throws, so its job is tried again', async () => {
    const mailer = createMailer(db.database.db, { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@y.z' });
    const id = await insertOutboxEmail(db.database.db, { to: 'a@example.com', subject: 'S', text: 'T' });
    await expect(mailer.deliver(id)).rejects.toThrow(/ECONNREFUSED/);
    expect(await rowOf(id)).toMatchObject({ sentAt: null, error: expect.stringMatching(/ECONNREFUSED/) });
  });
});

describe('mail through the job queue', () => {
  it('queues the delivery with the write that records the mail, and retries until the provider takes it', async () => {
    const mailer = createMailer(db.database.db, { smtpUrl: smtp(), from: 'no-reply@brigade.test' });
    const runner = new JobRunner(db.database, { warn: () => {}, error: () => {} }).handle(
      'mail.deliver',
      async (data) => {
        await mailer.deliver(data.outboxId as number);
      },
    );
    // The messages above were delivered by hand: their jobs go, so this test sees only its own.
    await db.database.db.execute(sql`delete from pgboss.job where name = 'mail.deliver'`);
    // the queue's own delay between tries is 30 s; this test's jobs retry at once
    await db.database.db.execute(
      sql`update pgboss.queue set retry_delay = 0, retry_backoff = false where name = 'mail.deliver'`,
    );
    await runner.start();
    try {
      // A rolled-back write leaves neither the mail nor its job.
      await expect(
        db.database.db.transaction(async (tx) => {
          await insertOutboxEmail(tx, { to: 'never@example.com', subject: 'Never', text: 'T' });
          throw new Error('the order was not placed');
        }),
      ).rejects.toThrow('the order was not placed');
      refuseNext = 1;
      const before = received.length;
      const id = await db.database.db.transaction((tx) =>
        insertOutboxEmail(tx, { to: 'guest@example.com', subject: 'Your order', text: 'Thanks' }),
      );
      await vi.waitFor(async () => expect((await rowOf(id)).sentAt).toBeInstanceOf(Date), {
        timeout: 10_000,
      });
      expect(received.slice(before).map((mail) => mail.to)).toEqual([['guest@example.com']]);
      // the queue marks the job completed in its own write after the handler returned (sent_at is set inside it)
      await vi.waitFor(
        async () => {
          const jobs = rowsOf(
            await db.database.db.execute(
              sql`select state, retry_count from pgboss.job where name = 'mail.deliver' and data->>'outboxId' = ${String(id)}`,
            ),
          );
          expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
        },
        { timeout: 10_000 },
      );
      expect(
        (
          await db.database.db
            .select()
            .from(outboxEmails)
            .where(eq(outboxEmails.toAddress, 'never@example.com'))
        ).length,
      ).toBe(0);
    } finally {
      await runner.stop();
      await db.database.db.execute(
        sql`update pgboss.queue set retry_delay = 30, retry_backoff = true where name = 'mail.deliver'`,
      );
    }
  });
});
