import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authThrottle, handoffCodes, passwordResetTokens, sessions } from '@brigade/db/schema/identity';
import { images } from '@brigade/db/schema/images';
import { LocalDiskStorage } from '@brigade/images/storage';
import { makeUser } from '@brigade/test-utils/factories';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { afterAll, describe, expect, it } from 'vitest';
import { imageRecords } from '../images/image-repository';
import type { PaymentDeps } from '../payments/payment-deps';
import { runHousekeeping } from './housekeeping';

const db = useTestDatabase();
const mediaDir = mkdtempSync(join(tmpdir(), 'brigade-housekeeping-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

const SELF = 'instance-housekeeping';
const storage = new LocalDiskStorage(mediaDir, 'http://media.test/media', { instanceId: SELF });
const NOW = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const HOUR = 3_600_000;
// Long over whatever the real clock says (the timer test runs on real time).
const OLD = new Date(Date.UTC(2020, 0, 1));
const RECENT = ago(HOUR);
const LATER = new Date(NOW.getTime() + HOUR);

const keys = async (table: typeof sessions | typeof handoffCodes | typeof passwordResetTokens) =>
  (await db.database.db.select().from(table)).map((row) =>
    'codeHash' in row ? row.codeHash : row.tokenHash,
  );

describe('housekeeping', () => {
  it('deletes long-over throttle counts and unusable credentials, and keeps everything still in use', async () => {
    const ex = db.database.db;
    const user = await makeUser(ex);
    await ex.insert(authThrottle).values([
      { key: 'account:old@example.com', failures: 3, windowStartedAt: OLD },
      { key: 'account:recent@example.com', failures: 3, windowStartedAt: RECENT },
    ]);
    const session = (tokenHash: string, ends: Partial<typeof sessions.$inferInsert>) => ({
      tokenHash,
      userUid: user.uid,
      idleExpiresAt: LATER,
      absoluteExpiresAt: LATER,
      ...ends,
    });
    await ex
      .insert(sessions)
      .values([
        session('s-live', {}),
        session('s-idle-long-ago', { idleExpiresAt: OLD }),
        session('s-absolute-long-ago', { absoluteExpiresAt: OLD }),
        session('s-revoked-long-ago', { revokedAt: OLD }),
        session('s-just-expired', { idleExpiresAt: RECENT }),
      ]);
    const code = (codeHash: string, expiresAt: Date, usedAt: Date | null = null) => ({
      codeHash,
      userUid: user.uid,
      returnOrigin: 'http://localhost:3005',
      expiresAt,
      usedAt,
    });
    await ex
      .insert(handoffCodes)
      .values([code('c-live', LATER), code('c-expired', OLD), code('c-used', LATER, OLD)]);
    await ex.insert(passwordResetTokens).values([
      { tokenHash: 't-live', userUid: user.uid, expiresAt: LATER },
      { tokenHash: 't-expired', userUid: user.uid, expiresAt: OLD },
      { tokenHash: 't-used', userUid: user.uid, expiresAt: LATER, usedAt: OLD },
    ]);

    const result = await runHousekeeping({ db: ex, storage, instanceId: SELF }, NOW);

    expect(result.throttleKeys).toBe(1);
    expect(result.credentials).toEqual({ sessions: 3, handoffCodes: 2, resetTokens: 2 });
    expect((await ex.select().from(authThrottle)).map((row) => row.key)).toEqual([
      'account:recent@example.com',
    ]);
    expect((await keys(sessions)).sort()).toEqual(['s-just-expired', 's-live']);
    expect(await keys(handoffCodes)).toEqual(['c-live']);
    expect(await keys(passwordResetTokens)).toEqual(['t-live']);
    // A second run finds nothing more.
    const again = await runHousekeeping({ db: ex, storage, instanceId: SELF }, NOW);
    expect(again.throttleKeys + again.credentials.sessions + again.credentials.handoffCodes).toBe(0);
  });

  it('sweeps the pending uploads of an instance that died while the others keep running', async () => {
    const ex = db.database.db;
    await imageRecords(ex).begin({ id: 'bbbbbbbbbbbbbbbbbbb1', keys: [], writer: 'instance-gone' });
    await imageRecords(ex).begin({ id: 'bbbbbbbbbbbbbbbbbbb2', keys: [], writer: SELF });
    const result = await runHousekeeping({ db: ex, storage, instanceId: SELF }, NOW);
    expect(result.uploads.uploads).toBe(1);
    expect((await ex.select().from(images)).map((row) => row.writer)).toEqual([SELF]);
  });

  it('sweeps payments only when given the payments runtime (reconcile-stale.int.test.ts tests the sweep)', async () => {
    const ex = db.database.db;
    const unreachable = () => {
      throw new Error('nothing to ask the gateway');
    };
    const payments: PaymentDeps = {
      db: ex,
      transact: (work) => ex.transaction(work),
      gateway: unreachable,
      provider: unreachable,
      gatewayOrigin: unreachable,
      secrets: unreachable,
      randomBytes: (size) => new Uint8Array(size),
      pause: async () => {},
    };
    const swept = await runHousekeeping({ db: ex, storage, instanceId: SELF, payments }, NOW);
    expect(swept.payments).toEqual({ examined: 0, settled: {}, skipped: 0, errors: 0, idempotencyKeys: 0 });
    expect((await runHousekeeping({ db: ex, storage, instanceId: SELF }, NOW)).payments).toBeNull();
  });
});
