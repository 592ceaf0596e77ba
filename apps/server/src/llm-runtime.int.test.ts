import { inspect } from 'node:util';
import { draftReply } from '@brigade/core/listing/review-drafts';
import { aiConfigSchema } from '@brigade/domain/listing/connection';
import { draftSettingsOf } from '@brigade/domain/listing/draft-settings';
import { type LlmEmulator, startLlmEmulator } from '@brigade/llm/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createLlmRuntime, type LlmRuntime } from './llm-runtime';
import { useTestApp } from './test-app';

// The running server's language model: the emulator outside production with no LLM_BASE_URL, the configured
// server with one, none (the local drafter) in production without one. Drafts go over real HTTP.

const request = {
  config: draftSettingsOf(aiConfigSchema.parse({ isEnabled: true }), { responseLength: 'short' }),
  review: { reviewId: 'google_r9', reviewerName: 'Ana Lopez', rating: 2, comment: 'Slow service.' },
  business: { name: 'Harbor Grill', phone: '+1 503 555 0199' },
};

const runtimes: LlmRuntime[] = [];
const runtimeOf = (env: Record<string, string>) => {
  const runtime = createLlmRuntime(loadConfig(env));
  runtimes.push(runtime);
  return runtime;
};
afterAll(async () => {
  for (const runtime of runtimes) await runtime.close();
});

describe('the LLM runtime', () => {
  it('outside production with no LLM_BASE_URL: the in-process emulator answers drafts', async () => {
    const runtime = runtimeOf({ NODE_ENV: 'development' });
    expect(runtime.mode).toBe('emulator');
    const outcome = await draftReply(request, await runtime.api());
    expect(outcome).toMatchObject({ ok: true, source: 'llm', model: 'gpt-4o-mini' });
    if (!outcome.ok) throw new Error('expected a draft');
    expect(outcome.text).toMatch(/^Dear Ana, We are truly sorry/);
    expect(outcome.text).toContain('Harbor Grill');
    const emulator = await runtime.emulator()!;
    expect(emulator.calls).toBe(1);
    // one emulator and one client for the process
    expect(await runtime.api()).toBe(await runtime.api());
    expect(await runtime.emulator()).toBe(emulator);
  });

  describe('with LLM_BASE_URL', () => {
    const KEY = 'sk-brigade-runtime-0123456789abcdef';
    let remote: LlmEmulator;
    beforeAll(async () => {
      remote = await startLlmEmulator({ apiKey: KEY });
    });
    afterAll(async () => remote?.close());

    it('talks to that server with the key and model configured; no emulator is started', async () => {
      const runtime = runtimeOf({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://b.example.com',
        LLM_BASE_URL: `${remote.apiUrl}/`,
        LLM_API_KEY: KEY,
        LLM_MODEL: 'llama3.1:8b',
      });
      expect(runtime.mode).toBe('remote');
      expect(runtime.emulator()).toBeNull();
      const outcome = await draftReply(request, await runtime.api());
      expect(outcome).toMatchObject({ ok: true, source: 'llm', model: 'llama3.1:8b' });
      expect(remote.requests.at(-1)?.model).toBe('llama3.1:8b');
      expect(runtime.description).toBe(`llama3.1:8b at ${remote.apiUrl} (LLM_BASE_URL)`);
      expect(`${runtime.description} ${inspect(runtime)} ${inspect(await runtime.api())}`).not.toContain(KEY);
    });

    it('a wrong key is a typed failure, not a local draft', async () => {
      const runtime = runtimeOf({ LLM_BASE_URL: remote.apiUrl, LLM_API_KEY: 'sk-wrong' });
      const outcome = await draftReply(request, await runtime.api());
      expect(outcome).toMatchObject({ ok: false, source: 'llm', failure: 'unauthorized' });
    });
  });

  it.each([
    ['in production with no LLM_BASE_URL', { NODE_ENV: 'production', PUBLIC_URL: 'https://b.example.com' }],
    ['with LLM_EMULATOR=off', { NODE_ENV: 'development', LLM_EMULATOR: 'off' }],
  ])('%s: no model, the local drafter writes drafts', async (_name, env) => {
    const runtime = runtimeOf(env);
    expect(runtime.mode).toBe('local');
    expect(runtime.emulator()).toBeNull();
    expect(await runtime.api()).toBeUndefined();
    const outcome = await draftReply(request, await runtime.api());
    expect(outcome).toMatchObject({ ok: true, source: 'local' });
    if (outcome.ok) expect(outcome.text).toMatch(/^Dear Ana,\n\n/);
  });
});

describe('the server wires it', () => {
  const server = useTestApp();

  it('deps.llm drafts through the emulator, which the app closes with itself', async () => {
    expect(server.deps.llm.mode).toBe('emulator');
    const outcome = await draftReply(request, await server.deps.llm.api());
    expect(outcome).toMatchObject({ ok: true, source: 'llm' });
    expect((await server.deps.llm.emulator()!).calls).toBe(1);
  });
});
