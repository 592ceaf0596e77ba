import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmClient } from './client';
import { type LlmEmulator, startLlmEmulator } from './emulator';
import { emulatedReply } from './emulator-reply';

// The chat-completions client against the emulator over real HTTP: the request it sends, the answer it reads.

const KEY = 'sk-brigade-test-0123456789abcdefghij';
let emulator: LlmEmulator;
let client: LlmClient;
beforeAll(async () => {
  emulator = await startLlmEmulator({ apiKey: KEY });
  client = new LlmClient({ baseUrl: emulator.apiUrl, apiKey: KEY, model: 'gpt-4o-mini' });
});
afterAll(async () => emulator?.close());

const REVIEW_PROMPT = [
  { role: 'system' as const, content: 'You write replies to restaurant reviews.' },
  {
    role: 'user' as const,
    content:
      'Business name: Chez Brigade\nReviewer first name: Ana\nRating: 5 of 5 stars\nStyle: friendly\nLength: at most 60 words',
  },
];

describe('LlmClient ↔ emulator', () => {
  it('sends model, messages, temperature and max_tokens, and reads choices[0].message.content and usage', async () => {
    const before = emulator.requests.length;
    const answer = await client.complete({ messages: REVIEW_PROMPT, temperature: 0.4, maxTokens: 200 });
    expect(answer.content).toBe(emulatedReply(REVIEW_PROMPT));
    expect(answer.content).toMatch(/^Hi Ana! Thank you so much for your wonderful review\./);
    expect(answer.content).toContain('Chez Brigade');
    expect(answer).toMatchObject({ model: 'gpt-4o-mini', finishReason: 'stop', attempts: 1 });
    expect(answer.usage?.promptTokens).toBeGreaterThan(10);
    expect(answer.usage?.totalTokens).toBe(answer.usage!.promptTokens + answer.usage!.completionTokens);
    const sent = emulator.requests.slice(before);
    expect(sent).toEqual([
      { model: 'gpt-4o-mini', messages: REVIEW_PROMPT, temperature: 0.4, maxTokens: 200 },
    ]);
  });

  it('limits the answer with max_completion_tokens, which reasoning models take (they refuse max_tokens)', async () => {
    const reasoning = new LlmClient({ baseUrl: emulator.apiUrl, apiKey: KEY, model: 'o4-mini' });
    const answer = await reasoning.complete({ messages: REVIEW_PROMPT, maxTokens: 200 });
    expect(answer.content).toBe(emulatedReply(REVIEW_PROMPT));
    expect(emulator.requests.at(-1)).toMatchObject({ model: 'o4-mini', maxTokens: 200 });
  });

  it('answers the same text for the same prompt and another for another prompt', async () => {
    const again = await client.complete({ messages: REVIEW_PROMPT });
    expect(again.content).toBe((await client.complete({ messages: REVIEW_PROMPT })).content);
    const negative = await client.complete({
      messages: [
        { role: 'user', content: 'Reviewer first name: Bo\nRating: 1 of 5 stars\nStyle: professional' },
      ],
    });
    expect(negative.content).toMatch(/^Dear Bo, We are truly sorry/);
    expect(negative.content).toContain('contact us');
  });

  it('works with any model name and with no key against a keyless (self-hosted) server', async () => {
    const open = await startLlmEmulator();
    try {
      const keyless = new LlmClient({ baseUrl: `${open.apiUrl}/`, model: 'llama3.1:8b-instruct' });
      const answer = await keyless.complete({ messages: [{ role: 'user', content: 'Say hello' }] });
      expect(answer.model).toBe('llama3.1:8b-instruct');
      expect(answer.content).toMatch(/^Emulated answer [0-9a-f]{8}: Say hello$/);
      expect(open.requests[0]?.model).toBe('llama3.1:8b-instruct');
    } finally {
      await open.close();
    }
  });

  it('keeps the key out of inspect output', () => {
    expect(inspect(client)).not.toContain(KEY);
    expect(JSON.stringify(client)).not.toContain(KEY);
  });
});

describe('the emulator checks the request shape as OpenAI does', () => {
  const post = (body: unknown, key = KEY) =>
    fetch(`${emulator.apiUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: Record<string, unknown> }).error;

  it.each([
    ['no model', { messages: [{ role: 'user', content: 'x' }] }, 'model'],
    ['no messages', { model: 'm' }, 'messages'],
    ['empty messages', { model: 'm', messages: [] }, 'messages'],
    ['an unknown role', { model: 'm', messages: [{ role: 'robot', content: 'x' }] }, 'messages[0].role'],
    [
      'a content that is not text',
      { model: 'm', messages: [{ role: 'user', content: 3 }] },
      'messages[0].content',
    ],
    [
      'a bad temperature',
      { model: 'm', messages: [{ role: 'user', content: 'x' }], temperature: 5 },
      'temperature',
    ],
    [
      'a bad max_tokens',
      { model: 'm', messages: [{ role: 'user', content: 'x' }], max_tokens: 0 },
      'max_tokens',
    ],
  ])('%s → 400 invalid_request_error naming %s', async (_name, body, param) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ type: 'invalid_request_error', param });
  });

  it('a body that is not JSON → 400', async () => {
    const response = await post('{not json');
    expect(response.status).toBe(400);
  });

  it('a wrong key → 401 invalid_api_key', async () => {
    const response = await post({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, 'sk-wrong');
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_api_key' });
  });
});
