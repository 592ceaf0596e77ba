import type { Database } from '@brigade/db/database';
import { lastMailTo } from '@brigade/test-utils/outbox';
import type { FastifyInstance } from 'fastify';
import { asBrowser, type Session } from './test-client';

/** The newest invitation link mailed to `email`, read from the outbox (the development mailer). */
export async function invitationLinkFor(database: Database, email: string): Promise<URL> {
  const mail = await lastMailTo(database.db, email);
  const link = mail?.textBody.match(/https?:\/\/\S+\/invite\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`No invitation mail for ${email}`);
  return new URL(link);
}

export const tokenOf = (link: URL) => link.searchParams.get('token')!;

/** Invites `email` to `role` in the tenant as `who`. */
export const invite = (
  app: FastifyInstance,
  who: Session | null,
  tenantId: number,
  body: { email: string; role: string; restaurantIds?: number[] | null },
) => asBrowser(app, who, { method: 'POST', url: `/api/v1/tenants/${tenantId}/invitations`, payload: body });

/** A public call about a link: `lookup` or `accept`. */
export const onLink = (
  app: FastifyInstance,
  who: Session | null,
  action: 'lookup' | 'accept',
  payload: Record<string, unknown>,
) => asBrowser(app, who, { method: 'POST', url: `/api/v1/invitations/${action}`, payload });
