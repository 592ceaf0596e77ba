import { HostCache } from '@brigade/core/domains/resolution-service';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteHandler, type SiteRequest } from './handler';

/**
 * The site handler on a real database (issue 14, found by the soak bench): when a page is not stored (first
 * request, or after a change dropped it), the visitors asking for it at that moment wait for one render
 * rather than each rendering it (a stampede that queued requests on the database for tens of seconds).
 */

// biome-ignore lint/correctness/useHookAtTopLevel: a vitest fixture named like a hook, not a React hook.
const db = useTestDatabase();
beforeAll(async () => {
  await seedDemo(db.database.db);
});

const request = (path: string, acceptEncoding = 'gzip'): SiteRequest => ({
  method: 'GET',
  host: '127.0.0.1:3004',
  path,
  search: '',
  protocol: 'http',
  acceptEncoding,
});

describe('SiteHandler', () => {
  it('renders a missing page once for the requests that ask for it at the same time', async () => {
    const handler = new SiteHandler({ db: db.database.db, hostCache: new HostCache() });
    const render = vi.spyOn(handler as unknown as { render: () => Promise<unknown> }, 'render');
    const encodings = ['gzip', 'br', 'identity'];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => handler.handle(request('/harbor-grill', encodings[i % 3]))),
    );
    expect(render).toHaveBeenCalledTimes(1);
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    // each in the encoding it asked for
    expect(answers[0]!.headers['content-encoding']).toBe('gzip');
    expect(answers[1]!.headers['content-encoding']).toBe('br');
    expect(answers[2]!.headers['content-encoding']).toBeUndefined();
    expect(answers[2]!.body.toString()).toContain('Harbor Grill');

    // after a change drops it, once more for the next crowd; different pages are rendered each
    handler.invalidate({ area: 'catalogue', tenantId: 10000001, restaurantId: 20000001 });
    await Promise.all([
      ...Array.from({ length: 10 }, () => handler.handle(request('/harbor-grill'))),
      ...Array.from({ length: 10 }, () => handler.handle(request('/harbor-grill/menu'))),
    ]);
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('shares a failure too, and renders anew afterwards', async () => {
    const handler = new SiteHandler({ db: db.database.db, hostCache: new HostCache(), onError: () => {} });
    const render = vi
      .spyOn(handler as unknown as { render: () => Promise<unknown> }, 'render')
      .mockRejectedValueOnce(new Error('database went away'));
    const failed = await Promise.all(
      Array.from({ length: 5 }, () => handler.handle(request('/harbor-grill'))),
    );
    expect(failed.map((a) => a.status)).toEqual([503, 503, 503, 503, 503]);
    expect(render).toHaveBeenCalledTimes(1);
    expect((await handler.handle(request('/harbor-grill'))).status).toBe(200);
    expect(render).toHaveBeenCalledTimes(2);
  });
});
