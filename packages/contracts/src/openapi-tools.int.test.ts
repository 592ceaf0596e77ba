import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints';
import { buildOpenApiDocument } from './openapi';

// Tools nobody here wrote read the document (issue 22): Redocly's recommended rules, and a client generated
// with openapi-typescript and used through openapi-fetch. Both run on the document the server serves.
const run = promisify(execFile);
const contractsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(contractsDir, '../..');
const bin = (dir: string, name: string) => join(dir, 'node_modules', '.bin', name);

// Inside node_modules, so the temporary project resolves openapi-fetch like any package of the repository.
let work = '';
beforeAll(async () => {
  work = await mkdtemp(join(repoRoot, 'node_modules', '.brigade-openapi-'));
  const document = buildOpenApiDocument(ENDPOINTS, { title: 'Brigade API', version: 'test' });
  await writeFile(join(work, 'openapi.json'), JSON.stringify(document));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the OpenAPI document under outside tools', () => {
  it('passes redocly lint with the recommended rules, without errors or warnings', async () => {
    const lint = await run(
      bin(repoRoot, 'redocly'),
      ['lint', '--extends', 'recommended', '--format', 'summary', join(work, 'openapi.json')],
      {
        cwd: work,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout: string; stderr: string }) => error);
    expect(`${lint.stdout}${lint.stderr}`).toContain('Your API description is valid');
  }, 60_000);

  it('generates a typed client with openapi-typescript that openapi-fetch calls type-check against', async () => {
    await run(bin(contractsDir, 'openapi-typescript'), [
      join(work, 'openapi.json'),
      '-o',
      join(work, 'api.d.ts'),
    ]);
    await writeFile(join(work, 'client.ts'), CLIENT_USAGE);
    await writeFile(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          skipLibCheck: true,
          lib: ['es2022', 'dom'],
        },
        files: ['client.ts'],
      }),
    );
    const checked = await run(bin(repoRoot, 'tsc'), ['-p', join(work, 'tsconfig.json')], { cwd: work }).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(`${checked.stdout}${checked.stderr}`).toBe('');
  }, 60_000);
});

// What the outside client did (issue 22): sign in, list, create an item, look a tenant up. The lines marked
// as expected errors prove the generated types are not `any`: each must be a type error.
const CLIENT_USAGE = `
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

export async function use(): Promise<void> {
  const api = createClient<paths>({ baseUrl: 'http://localhost:3000' });
  const signin = await api.POST('/api/v1/auth/signin', { body: { email: 'owner@example.com', password: 'secret' } });
  if (signin.error) {
    const status: number = signin.error.status;
    void status;
    return;
  }
  const authed = createClient<paths>({ baseUrl: 'http://localhost:3000', headers: { authorization: 'Bearer x' } });
  const path = { tenantId: 1, restaurantId: 2 };
  const items = await authed.GET('/api/v1/tenants/{tenantId}/restaurants/{restaurantId}/items', {
    params: { path, query: { limit: 10 } },
  });
  const names: string[] = (items.data?.data ?? []).map((item) => item.name);
  const cursor: string | null | undefined = items.data?.nextCursor;
  void names;
  void cursor;
  const created = await authed.POST('/api/v1/tenants/{tenantId}/restaurants/{restaurantId}/items', {
    params: { path },
    body: { name: 'Burger', basePrice: 12 },
  });
  const itemId: number | undefined = created.data?.data.itemId;
  void itemId;
  await authed.POST('/api/v1/tenants/{tenantId}/restaurants/{restaurantId}/items', {
    params: { path },
    // @ts-expect-error ordering rules are refused by the server, so the type refuses them too
    body: { name: 'Burger', basePrice: 12, orderingRules: {} },
  });
  const tenant = await authed.GET('/api/v1/tenants-by-guid/{guid}', {
    params: { path: { guid: '00000000-0000-4000-8000-000000000000' } },
  });
  void tenant.data?.data.tenant.tenantId;
  // @ts-expect-error the old, ambiguous path is gone
  await authed.GET('/api/v1/tenants/by-guid/{guid}', { params: { path: { guid: 'x' } } });
}
`;
