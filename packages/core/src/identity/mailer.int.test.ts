import type { AddressInfo } from 'node:net';
import { outboxEmails } from '@brigade/db/schema/identity';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer, type Mail } from './mailer';
import { insertOutboxEmail } from './outbox-repository';

const db = useTestDatabase();
const received: { from: string; to: string[]; raw: string }[] = [];
let server: SMTPServer;
let port = 0;

// A real SMTP server on loopback: the mail really crosses SMTP, as it would to a provider.
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
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

const latestOutbox = async () =>
  (await db.database.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(1))[0];

describe('mailer', () => {
  it('sends over SMTP and keeps only a record (not the body) in the outbox', async () => {
    const mailer = createMailer(db.database.db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Brigade <no-reply@brigade.test>',
    });
    await mailer.send({
      to: 'cook@example.com',
      subject: 'Reset your Brigade password',
      text: 'Link: http://x/reset?token=abc',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@brigade.test', to: ['cook@example.com'] });
    expect(received[0]!.raw).toContain('Subject: Reset your Brigade password');
    expect(received[0]!.raw).toContain('token=abc');
    const row = await latestOutbox();
    expect(row).toMatchObject({
      toAddress: 'cook@example.com',
      textBody: '[delivered by SMTP; body not kept]',
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('without SMTP keeps the message in the outbox and hands it to the log callback', async () => {
    const logged: Mail[] = [];
    const mailer = createMailer(db.database.db, {
      from: 'x@y.z',
      onUndelivered: (mail) => logged.push(mail),
    });
    await mailer.send({ to: 'host@example.com', subject: 'Hello', text: 'body text' });
    expect(logged).toEqual([{ to: 'host@example.com', subject: 'Hello', text: 'body text' }]);
    expect(await latestOutbox()).toMatchObject({
      toAddress: 'host@example.com',
      textBody: 'body text',
      sentAt: null,
    });
  });

  it('records a delivery failure and reports it', async () => {
    const mailer = createMailer(db.database.db, { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@y.z' });
    await expect(mailer.send({ to: 'a@example.com', subject: 'S', text: 'T' })).rejects.toThrow();
    expect((await latestOutbox())!.error).toMatch(/ECONNREFUSED/);
  });

  it('delivers a recorded message after the caller has moved on, and records a failure there', async () => {
    const mailer = createMailer(db.database.db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Brigade <no-reply@brigade.test>',
    });
    const id = await insertOutboxEmail(db.database.db, {
      to: 'later@example.com',
      subject: 'Later',
      text: 'T',
    });
    const before = received.length;
    mailer.deliverLater(id, { to: 'later@example.com', subject: 'Later', text: 'T' });
    expect(received).toHaveLength(before); // nothing happens inside the caller's turn
    await vi.waitFor(async () => {
      const [row] = await db.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
      expect(row!.sentAt).toBeInstanceOf(Date);
    });
    expect(received.at(-1)!.to).toEqual(['later@example.com']);

    const errors: unknown[] = [];
    const failing = createMailer(db.database.db, {
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x@y.z',
      onError: (error) => errors.push(error),
    });
    const failed = await insertOutboxEmail(db.database.db, { to: 'a@example.com', subject: 'S', text: 'T' });
    failing.deliverLater(failed, { to: 'a@example.com', subject: 'S', text: 'T' });
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 5000 });
    const [row] = await db.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, failed));
    expect(row!.error).toMatch(/ECONNREFUSED/);
  });
});
