import type { Executor } from '@brigade/db/database';
import { outboxEmails } from '@brigade/db/schema/identity';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port (or smtps://); without it mail stays in the outbox table. */
  smtpUrl?: string | undefined;
  from: string;
  /** Called for mail that is not delivered by SMTP, so a developer can read it in the log. */
  onUndelivered?: (mail: Mail) => void;
}

/**
 * Every message is recorded in the outbox table. With SMTP configured it is sent right away and its body is
 * then dropped from the table (it may carry a one-time link); without SMTP the outbox is the delivery, which
 * keeps flows like password reset usable on the embedded defaults.
 */
export function createMailer(db: Executor, options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db
        .insert(outboxEmails)
        .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text })
        .returning({ id: outboxEmails.id });
      if (!transport) {
        options.onUndelivered?.(mail);
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
        await db
          .update(outboxEmails)
          .set({ sentAt: new Date(), textBody: '[delivered by SMTP; body not kept]' })
          .where(eq(outboxEmails.id, row!.id));
      } catch (error) {
        await db
          .update(outboxEmails)
          .set({ error: (error as Error).message })
          .where(eq(outboxEmails.id, row!.id));
        throw error;
      }
    },
  };
}
