import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { makePhoto } from '@brigade/images/test-images';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID, REPO_ROOT, SCREENSHOT_DIR, useHarness } from './harness';

/**
 * The optimised image upload control in Chromium against the real server. No app hosts the
 * control yet, so the test builds a one-component page (e2e/fixtures/image-upload) with Vite and serves it
 * on an origin the server trusts, proxying /api like the dev servers do.
 */
const harness = useHarness();
let fixture: Server;
const outDir = mkdtempSync(join(tmpdir(), 'brigade-fixture-'));

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

beforeAll(async () => {
  await build({
    root: join(REPO_ROOT, 'e2e/fixtures/image-upload'),
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  fixture = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/')) {
      const upstream = httpRequest(
        { host: '127.0.0.1', port: harness.apiPort, path: url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
      return;
    }
    const path = normalize(url.split('?')[0] === '/' ? 'index.html' : url.split('?')[0]!.slice(1));
    readFile(join(outDir, path)).then(
      (data) => {
        res.writeHead(200, { 'content-type': MIME[extname(path)] ?? 'application/octet-stream' });
        res.end(data);
      },
      () => {
        res.writeHead(404);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => fixture.listen(harness.fixturePort, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => fixture?.close(resolve));
  rmSync(outDir, { recursive: true, force: true });
});

describe('image upload control', () => {
  it('uploads a photo, shows the optimised preview and stats, refuses a fake image, and removes', async () => {
    const token = harness.ownerToken;
    const context = await harness.newContext();
    await context.addCookies([{ name: 'brigade_session', value: token, url: harness.fixtureOrigin }]);
    const page = await context.newPage();
    await page.goto(`${harness.fixtureOrigin}/?tenantId=${DEMO_TENANT_ID}`);

    // A file that claims to be a JPEG but is text: the server's message is shown.
    const input = page.locator('input[type=file]');
    await input.setInputFiles({
      name: 'fake.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByRole('alert').textContent()).resolves.toBeTruthy();
    await page.getByRole('alert').getByText('Only image files are allowed').waitFor();

    const photo = await makePhoto(2000, 1500, { exif: true });
    await input.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByText('Optimizing for web performance...').waitFor();
    await page.getByText('Optimized', { exact: true }).waitFor({ timeout: 30_000 });
    const stats = page.getByTestId('image-stats');
    await stats.waitFor();
    const statsText = await stats.textContent();
    expect(statsText).toMatch(/Responsive sizes\s*7/);
    expect(statsText).toMatch(/WebP\s*Yes/);
    expect(statsText).toMatch(/Size reduced\s*\d+%/);
    expect(await page.getByRole('alert').count()).toBe(0);
    const value = JSON.parse((await page.getByTestId('value').textContent())!);
    expect(value.original.url).toContain(`/media/tenants/${DEMO_TENANT_ID}/e2e/`);
    // The preview loaded a WebP variant through <picture> with its box reserved.
    const img = page.locator('picture img');
    await expect(img.getAttribute('width')).resolves.toBe(String(value.original.width));
    await page.waitForFunction(() => {
      const el = document.querySelector('picture img') as HTMLImageElement | null;
      return el?.complete && el.naturalWidth > 0;
    });
    const current = await img.evaluate((el) => (el as HTMLImageElement).currentSrc);
    expect(current).toMatch(/\.webp$/);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'image-upload-1280.png'), fullPage: true });

    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('value').getByText('none').waitFor();
    expect((await fetch(value.original.url)).status).toBe(404);
    await context.close();
  });
});
