import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HostingClient } from './hosting-client';
import { startHostingEmulator } from './hosting-emulator';

// Issue 43 / decision 060: with a state file the hosting emulator's memory outlives its process — a project
// domain added before a restart is there after it, with its challenge, as is a TXT record.

const dir = mkdtempSync(join(tmpdir(), 'hosting-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the hosting emulator with a state file', () => {
  it('finds a project domain and the DNS it was given again after a restart on the same file', async () => {
    const stateFile = join(dir, 'hosting.json');
    const first = await startHostingEmulator({ stateFile });
    const client = (url: string) =>
      new HostingClient({ baseUrl: url, token: 'emulator', projectId: 'prj_state' });
    const added = await client(first.url).addProjectDomain('www.kept-grill.com');
    await first.close();

    const second = await startHostingEmulator({ stateFile });
    try {
      expect(await client(second.url).getProjectDomain('www.kept-grill.com')).toEqual(added);
    } finally {
      await second.close();
    }
  });
});
