import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LlmClient } from './client';
import { startLlmEmulator } from './emulator';

// Issue 43 / decision 060: the LLM emulator's answers depend on the prompt only, so its memory is what it was
// asked; with a state file that outlives its process.

const dir = mkdtempSync(join(tmpdir(), 'llm-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the LLM emulator with a state file', () => {
  it('keeps its call count and request log across a restart on the same file', async () => {
    const stateFile = join(dir, 'llm.json');
    const first = await startLlmEmulator({ stateFile });
    const client = new LlmClient({ baseUrl: first.apiUrl, model: 'brigade-emulator' });
    await client.complete({ messages: [{ role: 'user', content: 'Thank the guest for the kind words' }] });
    await first.close();

    const second = await startLlmEmulator({ stateFile });
    try {
      expect(second.calls).toBe(1);
      expect(JSON.stringify(second.requests.at(-1))).toContain('Thank the guest for the kind words');
    } finally {
      await second.close();
    }
  });
});
