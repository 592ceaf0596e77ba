import type { Executor } from '@brigade/db/database';
import { adminMessages, outboxEmails, outboxTexts, users } from '@brigade/db/schema/identity';
import type { Actor } from '@brigade/domain/access';
import {
  ADMIN_MESSAGES_LIMITED,
  ADMIN_MESSAGES_PER_HOUR,
  type AdminMessage,
  type AdminMessageKind,
  type OutboxEntry,
  type SendAdminMessage,
  sendAdminMessageSchema,
} from '@brigade/domain/admin-messages';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { siteAdminOnly, type UseCaseDeps, userOf } from '../use-case';
import { validateInput } from '../validate';
import { insertOutboxEmail } from './outbox-repository';
import { takeAttemptOrRefuse } from './throttle';
import { findUserByUid } from './user-repository';

/*
 * The site administrators' inbox (docs/behaviour/onboarding.md): a message is kept for the admin app's Inbox
 * and mailed to every active site administrator, in the transaction of the write that causes it (a sign-up,
 * a help message, a request for a restaurant), so neither goes without the other.
 */

export interface NewAdminMessage {
  kind: AdminMessageKind;
  fromUid: string | null;
  fromEmail: string;
  fromName: string;
  regardingTenantId: number | null;
  subject: string;
  text: string;
}

const KIND_WORDS: Record<AdminMessageKind, string> = {
  'sign-up': 'A new account waits for activation',
  help: 'A user asks for help',
  'restaurant-request': 'An owner asks for a restaurant',
};

/** Keeps the message and mails each active site administrator; answers its id. */
export async function notifySiteAdmins(ex: Executor, message: NewAdminMessage): Promise<number> {
  const [row] = await ex
    .insert(adminMessages)
    .values(message)
    .returning({ messageId: adminMessages.messageId });
  const admins = await ex
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isSiteAdmin, true), eq(users.isActive, true)))
    .orderBy(users.email);
  for (const admin of admins) {
    await insertOutboxEmail(ex, {
      to: admin.email,
      subject: `[Brigade] ${message.subject}`,
      text: [
        `${KIND_WORDS[message.kind]}: ${message.fromName} <${message.fromEmail}>`,
        ...(message.regardingTenantId ? [`Organization: ${message.regardingTenantId}`] : []),
        '',
        message.text,
        '',
        'Answer it from the Inbox of the site administration app.',
      ].join('\n'),
    });
  }
  return row!.messageId;
}

const forbidden = () => new BrigadeError('forbidden', 'FORBIDDEN', 'You do not have access to this');

/**
 * A signed-in user's message to the site administrators ("Need help?", or an owner asking for the restaurant
 * their plan does not let them create). Inactive accounts may write too: they are the ones waiting. A tenant
 * named must be one of the sender's. At most ADMIN_MESSAGES_PER_HOUR an hour per user.
 */
export async function sendAdminMessage(
  deps: UseCaseDeps,
  actor: Actor,
  input: SendAdminMessage,
): Promise<{ messageId: number }> {
  const user = userOf(actor);
  const data = validateInput(sendAdminMessageSchema, input);
  if (
    data.tenantId !== undefined &&
    !user.assignments.some((a) => a.tenantId === data.tenantId && a.isActive)
  )
    throw forbidden();
  await takeAttemptOrRefuse(
    deps.db,
    `admin-message:${user.userId}`,
    ADMIN_MESSAGES_PER_HOUR,
    3_600_000,
    ADMIN_MESSAGES_LIMITED,
  );
  const sender = await findUserByUid(deps.db, user.userId);
  if (!sender) throw forbidden();
  const firstLine = data.text.split('\n')[0]!.slice(0, 80);
  const messageId = await notifySiteAdmins(deps.db, {
    kind: data.kind,
    fromUid: sender.uid,
    fromEmail: sender.email,
    fromName: sender.displayName || sender.email,
    regardingTenantId: data.tenantId ?? null,
    subject: data.kind === 'help' ? `Help: ${firstLine}` : `Restaurant requested by ${sender.email}`,
    text: data.text,
  });
  return { messageId };
}

/** The inbox, newest first (at most 200); `unread` only those nobody has marked read. */
export async function listAdminMessages(
  deps: UseCaseDeps,
  actor: Actor,
  query: { unread?: boolean | undefined },
): Promise<AdminMessage[]> {
  siteAdminOnly(actor);
  return deps.db
    .select()
    .from(adminMessages)
    .where(query.unread ? isNull(adminMessages.readAt) : undefined)
    .orderBy(desc(adminMessages.messageId))
    .limit(200);
}

/** Marks a message read (by whom is kept); reading it again changes nothing. */
export async function markAdminMessageRead(
  deps: UseCaseDeps,
  actor: Actor,
  params: { messageId: number },
): Promise<AdminMessage> {
  siteAdminOnly(actor);
  const by = actor.kind === 'user' ? (actor.email ?? actor.userId) : 'system';
  const [updated] = await deps.db
    .update(adminMessages)
    .set({ readAt: new Date(), readBy: by })
    .where(and(eq(adminMessages.messageId, params.messageId), isNull(adminMessages.readAt)))
    .returning();
  if (updated) return updated;
  const [row] = await deps.db
    .select()
    .from(adminMessages)
    .where(eq(adminMessages.messageId, params.messageId));
  if (!row) throw notFound(`Message ${params.messageId} not found`, 'MESSAGE_NOT_FOUND');
  return row;
}

/**
 * The development outbox viewer (issue 45 item 4): the newest 100 mails and texts, with their text, for site
 * administrators; the route offers it outside production only, where mail goes nowhere but this table.
 */
export async function listOutbox(deps: UseCaseDeps, actor: Actor): Promise<OutboxEntry[]> {
  siteAdminOnly(actor);
  const mails = await deps.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(100);
  const texts = await deps.db.select().from(outboxTexts).orderBy(desc(outboxTexts.id)).limit(100);
  const entries: OutboxEntry[] = [
    ...mails.map((m) => ({
      channel: 'mail' as const,
      id: m.id,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      createdAt: m.createdAt,
      sentAt: m.sentAt,
      error: m.error,
    })),
    ...texts.map((t) => ({
      channel: 'text' as const,
      id: t.id,
      to: t.toNumber,
      subject: t.body.length > 60 ? `${t.body.slice(0, 57)}...` : t.body,
      text: t.body,
      createdAt: t.createdAt,
      sentAt: t.sentAt,
      error: t.error,
    })),
  ];
  return entries.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 100);
}
