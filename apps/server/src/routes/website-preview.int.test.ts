import { randomBytes } from 'node:crypto';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, asBrowser, type Session, signInAs } from '../test-client';

// Website previews (issue 23 item 6; docs/decisions/032-website-preview.md): a draft of the website
// configuration drawn by the public site's renderer, saved nowhere, for its maker only.

const t = useTestApp();

let owner: Session;
let admin: Session;
let manager: Session;
let outsider: Session;
let tenantId: number;
let restaurantId: number;
let base: string;

beforeAll(async () => {
  const db = t.database.db;
  const tenant = await makeTenant(db);
  tenantId = tenant.tenantId;
  restaurantId = (await makeRestaurant(db, tenantId, 'Preview Kitchen')).restaurantId;
  base = `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}`;
  const session = async (role: 'owner' | 'admin' | 'manager') =>
    signInAs(t.app, (await makeUser(db, { tenantId, role })).email, TEST_PASSWORD);
  owner = await session('owner');
  admin = await session('admin');
  manager = await session('manager');
  const other = await makeTenant(db);
  outsider = await signInAs(
    t.app,
    (await makeUser(db, { tenantId: other.tenantId, role: 'owner' })).email,
    TEST_PASSWORD,
  );
  // the saved configuration has its own headline: the preview must show the draft's instead
  const saved = await asBearer(t.app, owner, {
    method: 'PATCH',
    url: base,
    payload: { websiteConfig: { content: { heroHeadline: 'The saved headline' } } },
  });
  expect(saved.statusCode).toBe(200);
});

const draft = (heroHeadline: string, extra: object = {}) => ({
  websiteConfig: { content: { heroHeadline, heroSubtitle: 'Fresh from the draft' }, ...extra },
});

async function preview(session: Session, body: object) {
  return asBrowser(t.app, session, { method: 'POST', url: `${base}/website/preview`, payload: body });
}

const open = (session: Session, path: string) => asBrowser(t.app, session, { method: 'GET', url: path });

describe('website preview', () => {
  it("draws the draft's headline with the public renderer, and saves nothing", async () => {
    const made = await preview(owner, draft('A headline nobody saved'));
    expect(made.statusCode).toBe(200);
    const { previewId, path, expiresAt } = made.json().data;
    expect(path).toBe(`${base}/website/preview?id=${previewId}`);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());

    const page = await open(owner, path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toMatch(/^<!DOCTYPE html>/);
    expect(page.body).toContain('<h1 id="hero-title">A headline nobody saved</h1>');
    expect(page.body).toContain('Fresh from the draft');
    expect(page.body).not.toContain('The saved headline');

    const stored = await asBearer(t.app, owner, { method: 'GET', url: base });
    expect(stored.json().data.restaurant.websiteConfig.content.heroHeadline).toBe('The saved headline');
  });

  it('answers with a strict, sandboxing policy, framed by this origin only, and never stored', async () => {
    const { path } = (await preview(owner, draft('Headers'))).json().data;
    const page = await open(owner, path);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/; sandbox$/);
    expect(csp).toMatch(/script-src 'sha256-[^ ;]+';/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("form-action 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex');
  });

  it('lets the apps frame their own origin (the preview) and still be framed by nobody', async () => {
    const app = await open(owner, base);
    const csp = String(app.headers['content-security-policy']);
    expect(csp).toMatch(/frame-src 'self' /);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(app.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses an invalid draft with the messages a save gives, 400', async () => {
    const made = await preview(
      owner,
      draft('Bad colours', {
        branding: { colors: { primary: 'teal' } },
        seo: { title: 'x'.repeat(61) },
      }),
    );
    expect(made.statusCode).toBe(400);
    const messages = (made.json().errors as { path: string; message: string }[]).map((e) => e.message);
    expect(messages).toContain('Must be a valid hex color');
    expect(messages).toContain('Title should be under 60 characters');
  });

  it('refuses a draft too large to carry in an id, 422', async () => {
    const noise = randomBytes(15_000).toString('base64');
    const made = await preview(owner, draft('Huge', { content: { aboutText: noise } }));
    expect(made.statusCode).toBe(422);
    expect(made.json().detail).toBe('The draft is too large to preview; save it to see it on the site');
  });

  it('lets an admin preview, and refuses a manager, as saving does', async () => {
    expect((await preview(admin, draft('By an admin'))).statusCode).toBe(200);
    expect((await preview(manager, draft('By a manager'))).statusCode).toBe(403);
  });

  it("gives another tenant's owner nothing: neither a preview nor someone else's page", async () => {
    const refused = await preview(outsider, draft('Not yours'));
    expect([403, 404]).toContain(refused.statusCode);
    const { path } = (await preview(owner, draft('Only for the owner'))).json().data;
    const page = await open(outsider, path);
    expect([403, 404]).toContain(page.statusCode);
    expect(page.body).not.toContain('Only for the owner');
  });

  it('opens for its maker only: another user of the same tenant gets "Preview not found"', async () => {
    const { path } = (await preview(owner, draft('Mine alone'))).json().data;
    const page = await open(admin, path);
    expect(page.statusCode).toBe(404);
    expect(page.json().detail).toBe('Preview not found');
    expect(page.body).not.toContain('Mine alone');
  });

  it('refuses an id moved to another restaurant, an altered id and no session', async () => {
    const { previewId, path } = (await preview(owner, draft('Moved'))).json().data;
    const second = await makeRestaurant(t.database.db, tenantId);
    const moved = await open(
      owner,
      `/api/v1/tenants/${tenantId}/restaurants/${second.restaurantId}/website/preview?id=${previewId}`,
    );
    expect(moved.statusCode).toBe(404);
    const altered = `${path.slice(0, -4)}${path.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect((await open(owner, altered)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
  });
});
