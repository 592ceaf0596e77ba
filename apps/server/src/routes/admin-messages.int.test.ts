import { adminMessages, outboxEmails, outboxTexts } from '@brigade/db/schema/identity';
import { makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

// issue 45 item 1: the site administrators hear of sign-ups, help messages and requests for a restaurant.
const t = useTestApp();

const call = (session: Session | null, method: 'GET' | 'POST', url: string, payload?: object) => {
  const options = { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) };
  return session ? asBearer(t.app, session, options) : t.app.inject(options);
};

let admin: Session;
let adminEmail = '';
let owner: Session;
let tenantId = 0;
let otherTenantId = 0;

beforeAll(async () => {
  const db = t.database.db;
  tenantId = (await makeTenant(db, { displayName: 'Lakeside Group' })).tenantId;
  otherTenantId = (await makeTenant(db, { displayName: 'Elsewhere' })).tenantId;
  adminEmail = (await makeUser(db, { isSiteAdmin: true })).email;
  admin = await signInAs(t.app, adminEmail, TEST_PASSWORD);
  owner = await signInAs(t.app, (await makeUser(db, { tenantId, role: 'owner' })).email, TEST_PASSWORD);
});

const mailsTo = async (to: string, subject: string) =>
  t.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, to))
    .then((rows) => rows.filter((row) => row.subject.includes(subject)));

describe("the site administrators' inbox", () => {
  it('receives a self sign-up, and mails each active site administrator about it', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'new.owner@example.com', password: 'secret-pw', firstName: 'Nia', lastName: 'Owner' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const inbox = await call(admin, 'GET', '/admin/messages');
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json().data[0]).toMatchObject({
      kind: 'sign-up',
      fromEmail: 'new.owner@example.com',
      fromName: 'Nia Owner',
      subject: 'Nia Owner signed up and waits for activation',
      readAt: null,
    });
    expect(await mailsTo(adminEmail, 'Nia Owner signed up')).toHaveLength(1);
  });

  it('takes a help message and a request for a restaurant from a signed-in user, refusing bad ones', async () => {
    const help = await call(owner, 'POST', '/me/messages', {
      kind: 'help',
      text: 'How do I add a printer?\nThanks',
    });
    expect(help.statusCode, help.body).toBe(201);
    const request = await call(owner, 'POST', '/me/messages', {
      kind: 'restaurant-request',
      tenantId,
      text: 'Harbor Grill, 1 Pier Rd, Portland ME',
    });
    expect(request.statusCode, request.body).toBe(201);
    const [kept] = await t.database.db
      .select()
      .from(adminMessages)
      .where(eq(adminMessages.messageId, request.json().data.messageId));
    expect(kept).toMatchObject({ kind: 'restaurant-request', regardingTenantId: tenantId });
    expect(await mailsTo(adminEmail, 'Help: How do I add a printer?')).toHaveLength(1);

    const empty = await call(owner, 'POST', '/me/messages', { kind: 'help', text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Write a message of up to 2000 characters');
    const notTheirs = await call(owner, 'POST', '/me/messages', {
      kind: 'help',
      tenantId: otherTenantId,
      text: 'x',
    });
    expect(notTheirs.statusCode).toBe(403);
    expect((await call(null, 'POST', '/me/messages', { kind: 'help', text: 'x' })).statusCode).toBe(401);
    // five an hour per user: three more go, the sixth is refused
    for (let i = 0; i < 3; i += 1)
      expect((await call(owner, 'POST', '/me/messages', { kind: 'help', text: `try ${i}` })).statusCode).toBe(
        201,
      );
    const limited = await call(owner, 'POST', '/me/messages', { kind: 'help', text: 'one more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many messages to the administrators. Try again later.');
    const sent = await t.database.db.select().from(adminMessages).where(like(adminMessages.text, 'one more'));
    expect(sent).toEqual([]);
  });

  it('is for site administrators only, and marks a message read with who read it', async () => {
    expect((await call(owner, 'GET', '/admin/messages')).statusCode).toBe(403);
    const unread = await call(admin, 'GET', '/admin/messages?unread=true');
    const first = unread.json().data[0];
    expect(first.readAt).toBeNull();
    expect((await call(owner, 'POST', `/admin/messages/${first.messageId}/read`)).statusCode).toBe(403);
    const read = await call(admin, 'POST', `/admin/messages/${first.messageId}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ messageId: first.messageId, readBy: adminEmail });
    expect(read.json().data.readAt).not.toBeNull();
    const after = (await call(admin, 'GET', '/admin/messages?unread=true')).json().data;
    expect(after.map((m: { messageId: number }) => m.messageId)).not.toContain(first.messageId);
    expect((await call(admin, 'POST', '/admin/messages/99999999/read')).statusCode).toBe(404);
  });

  it("shows site administrators the outbox's mails and texts, newest first, outside production", async () => {
    await t.database.db.insert(outboxTexts).values({ toNumber: '+15550100200', body: 'Order #3 waits' });
    const outbox = await call(admin, 'GET', '/admin/outbox');
    expect(outbox.statusCode, outbox.body).toBe(200);
    const entries = outbox.json().data as { channel: string; to: string; subject: string; text: string }[];
    expect(entries[0]).toMatchObject({ channel: 'text', to: '+15550100200', text: 'Order #3 waits' });
    expect(entries.find((e) => e.channel === 'mail' && e.to === adminEmail)?.subject).toMatch(/^\[Brigade\]/);
    expect((await call(owner, 'GET', '/admin/outbox')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/admin/outbox')).statusCode).toBe(401);
  });
});
