import {
  adminMessageQuerySchema,
  adminMessageSchema,
  outboxEntrySchema,
  sendAdminMessageSchema,
} from '@brigade/domain/admin-messages';
import { INT32_MAX } from '@brigade/domain/integers';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

// The site administrators' inbox (docs/behaviour/onboarding.md): users write to it; site administrators read it.

export const sendAdminMessage = defineEndpoint({
  id: 'sendAdminMessage',
  method: 'POST',
  path: '/me/messages',
  summary: 'Write to the site administrators (help, or a request for a restaurant); 5 an hour',
  tags: ['me'],
  access: { kind: 'signed-in' },
  changes: 'none',
  audit: false,
  request: { body: sendAdminMessageSchema },
  response: {
    status: 201,
    description: 'Kept in the administrators’ inbox and mailed to them',
    schema: successOf(z.object({ messageId: z.number() })),
  },
  problems: [403, 429],
});

export const listAdminMessages = defineEndpoint({
  id: 'listAdminMessages',
  method: 'GET',
  path: '/admin/messages',
  summary: 'The site administrators’ inbox, newest first (at most 200)',
  tags: ['admin'],
  access: { kind: 'site-admin' },
  request: { query: adminMessageQuerySchema },
  response: { status: 200, description: 'The messages', schema: successOf(z.array(adminMessageSchema)) },
  problems: [],
});

export const markAdminMessageRead = defineEndpoint({
  id: 'markAdminMessageRead',
  method: 'POST',
  path: '/admin/messages/{messageId}/read',
  summary: 'Mark an inbox message read',
  tags: ['admin'],
  access: { kind: 'site-admin' },
  changes: 'none',
  audit: false,
  request: {
    params: z.object({ messageId: z.coerce.number().int().positive().max(INT32_MAX) }),
  },
  response: { status: 200, description: 'The message, read', schema: successOf(adminMessageSchema) },
  problems: [404],
});

export const listOutbox = defineEndpoint({
  id: 'listOutbox',
  method: 'GET',
  path: '/admin/outbox',
  summary:
    'The newest 100 mails and texts of the outbox, with their text (site administrators; not in production)',
  description:
    'Development’s mail viewer: where no mail server is set up, mail and texts go nowhere but the outbox. ' +
    'In production it answers 404.',
  tags: ['admin'],
  access: { kind: 'site-admin' },
  response: { status: 200, description: 'Newest first', schema: successOf(z.array(outboxEntrySchema)) },
  problems: [404],
});
