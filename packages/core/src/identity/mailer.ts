import type { Executor } from '@brigade/db/database';
import nodemailer from 'nodemailer';
import { findOutboxEmail, markOutboxFailed, markOutboxSent } from './outbox-repository';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Delivers outbox message `id` (the `mail.deliver` job, docs/jobs.md). A message already sent is left
   * alone; a failure is recorded on the row and thrown, so the job is tried again later.
   */
  deliver(id: number): Promise<'sent' | 'kept' | 'already sent' | 'gone'>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port (or smtps://); without it mail stays in the outbox table. */
  smtpUrl?: string | undefined;
  from: string;
  /** Called for mail that is not delivered by SMTP, so a developer can read it in the log. */
  onUndelivered?: (mail: Mail) => void;
  /** The host part of Message-IDs (a retried delivery keeps its id, so a mail client can drop a twin). */
  messageIdDomain?: string;
}

/**
 * Every message is recorded in the outbox table with its delivery job. With SMTP configured the job sends it
 * and its body is then dropped from the table (it may carry a one-time link); without SMTP the outbox is the
 * delivery, which keeps flows like password reset usable on the embedded defaults.
 */
export function createMailer(db: Executor, options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const domain = options.messageIdDomain ?? 'brigade.local';
  return {
    async deliver(id) {
      const row = await findOutboxEmail(db, id);
      if (!row) return 'gone';
      if (row.sentAt) return 'already sent';
      const mail = { to: row.toAddress, subject: row.subject, text: row.textBody };
      if (!transport) {
        options.onUndelivered?.(mail);
        return 'kept';
      }
      try {
        await transport.sendMail({
          from: options.from,
          ...mail,
          messageId: `<outbox-${id}-${row.createdAt.getTime().toString(36)}@${domain}>`,
        });
      } catch (error) {
        await markOutboxFailed(db, id, (error as Error).message);
        throw error;
      }
      await markOutboxSent(db, id);
      return 'sent';
    },
  };
}
