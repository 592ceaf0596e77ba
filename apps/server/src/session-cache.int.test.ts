import { SessionCache } from '@brigade/core/identity/session-cache';
import { makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUnheard, startSecondInstance, useTestApp } from './test-app';
import { APP_ORIGIN, asBearer, type Session, signInAs } from './test-client';

/**
 * Sessions in memory (issue 20): a signed-in request whose session was read lately costs no query, and
 * sign-out, revocation, a password change, a role change and deactivation still take effect at once — on
 * this instance before the write answers, and on every other instance (PostgreSQL: a second server on the
 * same database) as soon as the identity feed announces it.
 */
const t = useTestApp();
const isPostgres = process.env.BRIGADE_TEST_ENGINE === 'postgres';

let tenantId: number;
let second: Awaited<ReturnType<typeof startSecondInstance>> | undefined;

beforeAll(async () => {
  tenantId = (await makeTenant(t.database.db)).tenantId;
  await t.deps.sessions.ready;
  if (isPostgres) second = await startSecondInstance(t.database);
});
afterAll(async () => second?.close());

async function signedIn(role: 'owner' | 'manager' = 'owner') {
  const user = await makeUser(t.database.db, { tenantId, role });
  return { user, session: await signInAs(t.app, user.email, TEST_PASSWORD) };
}

const sessionStatus = async (session: Session, app = t.app) =>
  (await asBearer(app, session, { method: 'GET', url: '/api/v1/auth/session' })).statusCode;

const restaurantsStatus = async (session: Session, app = t.app) =>
  (await asBearer(app, session, { method: 'GET', url: `/api/v1/tenants/${tenantId}/restaurants` }))
    .statusCode;

/** Revokes the user's sessions with the identity feed's trigger off, so no instance hears of it. */
const revokeUnannounced = (uid: string) =>
  runUnheard(t.database, [
    'begin',
    'alter table sessions disable trigger sessions_revoked_identity_feed',
    `update sessions set revoked_at = now() where user_uid = '${uid.replace(/'/g, "''")}'`,
    'alter table sessions enable trigger sessions_revoked_identity_feed',
    'commit',
  ]);

/**
 * Waits until the identity feed has brought this instance every announcement committed so far. Creating a
 * user announces it (its tenant assignment), and on a busy machine that announcement can arrive while the
 * user's first session is being read, which then is not kept. The feed delivers in commit order: once a
 * later change of another user is heard (its kept session dropped), the earlier ones were heard too. The
 * change goes through a connection of its own, so only the feed can tell this instance of it.
 */
async function feedCaughtUp(): Promise<void> {
  const canary = await signedIn();
  // kept (its own creation's announcement may keep its first read from being kept: then it is read again)
  await expect
    .poll(
      async () =>
        (await sessionStatus(canary.session)) === 200 && !!t.deps.sessions.held(canary.session.token),
      {
        timeout: 5000,
        interval: 20,
      },
    )
    .toBe(true);
  const uid = canary.user.uid.replace(/'/g, "''");
  await runUnheard(t.database, [`update users set updated_at = now() where uid = '${uid}'`]);
  await expect
    .poll(() => t.deps.sessions.held(canary.session.token), { timeout: 5000, interval: 20 })
    .toBeUndefined();
}

describe('sessions in memory', () => {
  it('answers a repeated signed-in request from memory: no query reads the session', async () => {
    const { user, session } = await signedIn();
    await feedCaughtUp();
    expect(await sessionStatus(session)).toBe(200);
    const hits = t.deps.sessions.hits;
    expect(await sessionStatus(session)).toBe(200);
    expect(t.deps.sessions.hits).toBe(hits + 1);
    // Proof that the database is not asked: a revocation nobody announces goes unseen...
    await revokeUnannounced(user.uid);
    expect(await sessionStatus(session)).toBe(200);
    // ...until the feed says the user changed (here: any announced change of the user).
    await t.database.db.execute(sql`update users set updated_at = now() where uid = ${user.uid}`);
    await expect.poll(() => sessionStatus(session), { timeout: 5000, interval: 20 }).toBe(401);
  });

  it.runIf(isPostgres)(
    "keeps sessions through this process's writes to other tables, and drops them on one to what they are made of",
    async () => {
      const { user, session } = await signedIn();
      await feedCaughtUp();
      expect(await sessionStatus(session)).toBe(200);
      expect(t.deps.sessions.held(session.token)?.user.uid).toBe(user.uid);
      // an order, a mail, a payment: not what a session is made of (issue 48: no whole flush on any write)
      await t.database.db.execute(sql`update outbox_emails set error = error where false`);
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update outbox_emails set error = error where false`);
      });
      expect(t.deps.sessions.held(session.token)?.user.uid).toBe(user.uid);
      // a write to the sessions table (touching no row, so announced by no trigger) is heard as it commits
      await t.database.db.execute(sql`update sessions set revoked_at = revoked_at where false`);
      expect(t.deps.sessions.held(session.token)).toBeUndefined();
    },
  );

  it('keeps a bounded number of sessions, the least recently used going first', async () => {
    const cache = new SessionCache(t.database, { maxEntries: 2 });
    try {
      await cache.ready;
      const [a, b, c] = await Promise.all([signedIn(), signedIn(), signedIn()]);
      const db = t.database.db;
      expect(await cache.authenticate(db, a.session.token)).not.toBeNull();
      expect(await cache.authenticate(db, b.session.token)).not.toBeNull();
      expect(cache.held(a.session.token)?.user.uid).toBe(a.user.uid); // a is now more recent than b
      expect(await cache.authenticate(db, c.session.token)).not.toBeNull();
      expect(cache.size).toBe(2);
      expect(cache.held(b.session.token)).toBeUndefined();
      expect(cache.held(a.session.token)?.user.uid).toBe(a.user.uid);
      expect(cache.held(c.session.token)?.user.uid).toBe(c.user.uid);
    } finally {
      await cache.close();
    }
  });

  it('signing out takes effect before the answer leaves', async () => {
    const { session } = await signedIn();
    expect(await sessionStatus(session)).toBe(200);
    expect(await sessionStatus(session)).toBe(200);
    const out = await asBearer(t.app, session, { method: 'POST', url: '/api/v1/auth/signout' });
    expect(out.statusCode).toBeLessThan(300);
    expect(await sessionStatus(session)).toBe(401);
  });

  it('a password change ends the other sessions at once', async () => {
    const { user, session } = await signedIn();
    const other = await signInAs(t.app, user.email, TEST_PASSWORD);
    expect(await sessionStatus(other)).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: { authorization: `Bearer ${session.token}`, origin: APP_ORIGIN },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'A-new-passw0rd!' },
    });
    expect(changed.statusCode).toBe(204);
    expect(await sessionStatus(other)).toBe(401);
    expect(await sessionStatus(session)).toBe(200);
  });

  it('a role change or a deactivation written elsewhere is heard through the feed', async () => {
    const { user, session } = await signedIn('manager');
    expect(await restaurantsStatus(session)).toBe(200);
    expect(await restaurantsStatus(session)).toBe(200);
    await t.database.db.execute(
      sql`update tenant_assignments set is_active = false where user_uid = ${user.uid}`,
    );
    await expect.poll(() => restaurantsStatus(session), { timeout: 5000, interval: 20 }).toBe(403);
    await t.database.db.execute(
      sql`update tenant_assignments set is_active = true where user_uid = ${user.uid}`,
    );
    await expect.poll(() => restaurantsStatus(session), { timeout: 5000, interval: 20 }).toBe(200);
    await t.database.db.execute(sql`update users set is_active = false where uid = ${user.uid}`);
    await expect.poll(() => restaurantsStatus(session), { timeout: 5000, interval: 20 }).not.toBe(200);
  });
});

describe.skipIf(!isPostgres)('two instances on one PostgreSQL', () => {
  it('a sign-out on one instance ends the session on the other as soon as the feed announces it', async () => {
    const { session } = await signedIn();
    expect(await sessionStatus(session, second!.app)).toBe(200);
    const hits = second!.deps.sessions.hits;
    expect(await sessionStatus(session, second!.app)).toBe(200);
    expect(second!.deps.sessions.hits).toBe(hits + 1);
    const out = await asBearer(t.app, session, { method: 'POST', url: '/api/v1/auth/signout' });
    expect(out.statusCode).toBeLessThan(300);
    await expect.poll(() => sessionStatus(session, second!.app), { timeout: 2000, interval: 10 }).toBe(401);
  });

  it('a role change on one instance narrows access on the other', async () => {
    const { user, session } = await signedIn('manager');
    expect(await restaurantsStatus(session, second!.app)).toBe(200);
    expect(await restaurantsStatus(session, second!.app)).toBe(200);
    await t.database.db.execute(sql`delete from tenant_assignments where user_uid = ${user.uid}`);
    await expect
      .poll(() => restaurantsStatus(session, second!.app), { timeout: 2000, interval: 10 })
      .not.toBe(200);
  });
});
