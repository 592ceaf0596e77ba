import { randomBytes } from 'node:crypto';
import type { Actor } from '@brigade/domain/access';
import { defaultWebsiteConfig } from '@brigade/domain/website-config';
import { makeRestaurant, makeTenant } from '@brigade/test-utils/factories';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { describe, expect, it } from 'vitest';
import { createSealedBox } from '../secrets/sealed-box';
import { SYSTEM } from '../use-case';
import { createWebsitePreview, openWebsitePreview, PREVIEW_TTL_MS } from './website-preview-service';

// The sealed preview id (decision 032): it opens for its maker, on its restaurant, until it expires.
const t = useTestDatabase();
const box = createSealedBox(randomBytes(32));
const maker: Extract<Actor, { kind: 'user' }> = {
  ...(SYSTEM as Extract<Actor, { kind: 'user' }>),
  userId: 'preview-maker',
};

async function made(at: Date) {
  const db = t.database.db;
  const tenant = await makeTenant(db);
  const restaurant = await makeRestaurant(db, tenant.tenantId);
  const scope = { tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId };
  const websiteConfig = defaultWebsiteConfig(restaurant.name);
  websiteConfig.content.heroHeadline = 'Sealed headline';
  const { previewId, expiresAt } = await createWebsitePreview({ db, box, now: () => at }, maker, {
    ...scope,
    websiteConfig,
  });
  return { db, scope, previewId, expiresAt };
}

describe('website preview ids', () => {
  it('open with the draft for their maker until they expire, then "Preview not found"', async () => {
    const start = new Date('2026-11-25T08:00:00Z');
    const { db, scope, previewId, expiresAt } = await made(start);
    expect(expiresAt.getTime() - start.getTime()).toBe(PREVIEW_TTL_MS);
    const before = new Date(expiresAt.getTime() - 1);
    const opened = await openWebsitePreview({ db, box, now: () => before }, maker, { ...scope, previewId });
    expect(opened.websiteConfig.content.heroHeadline).toBe('Sealed headline');
    expect(opened.restaurant.restaurantId).toBe(scope.restaurantId);
    await expect(
      openWebsitePreview({ db, box, now: () => expiresAt }, maker, { ...scope, previewId }),
    ).rejects.toMatchObject({ kind: 'not_found', message: 'Preview not found' });
  });

  it('do not open for another user, under another key, or for a restaurant of another tenant', async () => {
    const now = new Date();
    const { db, scope, previewId } = await made(now);
    const deps = { db, box, now: () => now };
    await expect(
      openWebsitePreview(deps, { ...maker, userId: 'someone-else' }, { ...scope, previewId }),
    ).rejects.toMatchObject({ message: 'Preview not found' });
    await expect(
      openWebsitePreview({ ...deps, box: createSealedBox(randomBytes(32)) }, maker, { ...scope, previewId }),
    ).rejects.toMatchObject({ message: 'Preview not found' });
    const other = await made(now);
    await expect(
      openWebsitePreview(deps, maker, { ...scope, restaurantId: other.scope.restaurantId, previewId }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });
});
