import type { Executor } from '@brigade/db/database';
import nodemailer from 'nodemailer';
import { insertOutboxEmail, markOutboxFailed, markOutboxSent } from './outbox-repository';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Records the message in the outbox and delivers it; resolves once delivered (without SMTP: recorded). */
  send(mail: Mail): Promise<void>;
  /**
   * Delivers a message already recorded in the outbox as row `id`, after the current request has been
   * answered, so how long delivery takes (or whether there is anything to deliver) never shows in the
   * response time. A failure is recorded on the row and reported to `onError`.
   */
  deliverLater(id: number, mail: Mail): void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port (or smtps://); without it mail stays in the outbox table. */
  smtpUrl?: string | undefined;
  from: string;
  /** Called for mail that is not delivered by SMTP, so a developer can read it in the log. */
  onUndelivered?: (mail: Mail) => void;
  /** Called when a delivery started by `deliverLater` fails (nobody awaits it). */
  onError?: (error: unknown, mail: Mail) => void;
}

/**
 * Every message is recorded in the outbox table. With SMTP configured it is sent and its body is then
 * dropped from the table (it may carry a one-time link); without SMTP the outbox is the delivery, which
 * keeps flows like password reset usable on the embedded defaults.
 */
export function createMailer(db: Executor, options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const deliver = async (id: number, mail: Mail) => {
    if (!transport) {
      options.onUndelivered?.(mail);
      return;
    }
    try {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      await markOutboxSent(db, id);
    } catch (error) {
      await markOutboxFailed(db, id, (error as Error).message);
      throw error;
    }
  };
  return {
    async send(mail) {
      await deliver(await insertOutboxEmail(db, mail), mail);
    },
    deliverLater(id, mail) {
      // Deferred past the promise chain that is answering the request, so the reply goes out first.
      setImmediate(() => {
        deliver(id, mail).catch((error) => options.onError?.(error, mail));
      });
    },
  };
}
