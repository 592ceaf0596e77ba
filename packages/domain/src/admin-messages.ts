import { z } from 'zod';
import { INT32_MAX, int32MaxMessage } from './integers';
import { multilineText } from './text';

/**
 * The site administrators' inbox (docs/behaviour/onboarding.md): what reaches the people who run the
 * platform — a self sign-up waiting for activation, a user's "Need help?" message, an owner asking for the
 * restaurant their plan does not let them create.
 */
export const ADMIN_MESSAGE_KINDS = ['sign-up', 'help', 'restaurant-request'] as const;
export type AdminMessageKind = (typeof ADMIN_MESSAGE_KINDS)[number];

export const ADMIN_MESSAGE_TEXT_MESSAGE = 'Write a message of up to 2000 characters';

/** What a signed-in user may send (a sign-up's message is the server's own). */
export const sendAdminMessageSchema = z.strictObject({
  kind: z.enum(['help', 'restaurant-request'], { error: 'Kind must be help or restaurant-request' }),
  /** The organization the message is about (one of the sender's). */
  tenantId: z
    .number({ error: 'Tenant ID must be a number' })
    .int('Tenant ID must be a positive integer')
    .positive('Tenant ID must be a positive integer')
    .max(INT32_MAX, int32MaxMessage('Tenant ID'))
    .optional(),
  text: multilineText({ error: ADMIN_MESSAGE_TEXT_MESSAGE })
    .trim()
    .min(1, ADMIN_MESSAGE_TEXT_MESSAGE)
    .max(2000, ADMIN_MESSAGE_TEXT_MESSAGE),
});
export type SendAdminMessage = z.infer<typeof sendAdminMessageSchema>;

export const adminMessageSchema = z.object({
  messageId: z.number(),
  kind: z.enum(ADMIN_MESSAGE_KINDS),
  fromUid: z.string().nullable(),
  fromEmail: z.string(),
  fromName: z.string(),
  regardingTenantId: z.number().nullable(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.date(),
  readAt: z.date().nullable(),
  readBy: z.string().nullable(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const adminMessageQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});

/** Sent at most this many times an hour by one user. */
export const ADMIN_MESSAGES_PER_HOUR = 5;
export const ADMIN_MESSAGES_LIMITED = 'Too many messages to the administrators. Try again later.';

/** A message of the mail or text outbox, as the development outbox viewer shows it (docs/behaviour/onboarding.md). */
export const outboxEntrySchema = z.object({
  channel: z.enum(['mail', 'text']),
  id: z.number(),
  to: z.string(),
  /** The mail's subject; a text's first words. */
  subject: z.string(),
  text: z.string(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
  error: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
