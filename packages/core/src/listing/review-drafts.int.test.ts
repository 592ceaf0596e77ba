import { inspect } from 'node:util';
import { aiConfigSchema } from '@brigade/domain/listing/connection';
import { type DraftSettings, draftSettingsOf } from '@brigade/domain/listing/draft-settings';
import { LlmClient } from '@brigade/llm/client';
import { type LlmEmulator, startLlmEmulator } from '@brigade/llm/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DraftReplyRequest, draftProblem, draftReply } from './review-drafts';

// Review-reply drafts against the LLM emulator over real HTTP: the settings reach the prompt and the draft
// honours style, length, templates and the business name; failures come back typed, never as a local draft.

const KEY = 'sk-brigade-drafts-0123456789abcdef';
let emulator: LlmEmulator;
let llm: LlmClient;
beforeAll(async () => {
  emulator = await startLlmEmulator({ apiKey: KEY });
  llm = new LlmClient({ baseUrl: emulator.apiUrl, apiKey: KEY, model: 'gpt-4o-mini', backoffMs: 5 });
});
afterAll(async () => emulator?.close());

const settings = draftSettingsOf(aiConfigSchema.parse({ isEnabled: true }));
const request = (
  over: Partial<DraftSettings> = {},
  review: Partial<DraftReplyRequest['review']> = {},
): DraftReplyRequest => ({
  config: { ...settings, ...over },
  review: { reviewId: 'google_r1', reviewerName: 'Ana Lopez', rating: 5, comment: 'Lovely soup.', ...review },
  business: { name: 'Chez Brigade', phone: '+1 503 555 0100' },
});
const draftText = async (value: DraftReplyRequest, client: LlmClient | undefined = llm) => {
  const outcome = await draftReply(value, client);
  if (!outcome.ok) throw new Error(`draft failed: ${outcome.failure}`);
  return outcome;
};
const lastPrompt = () =>
  emulator.requests
    .at(-1)!
    .messages.map((m) => m.content)
    .join('\n');

describe('draftReply with a language model', () => {
  it('drafts through the model and says so, with the model and its usage', async () => {
    const calls = emulator.calls;
    const draft = await draftText(request());
    expect(draft).toMatchObject({ ok: true, source: 'llm', model: 'gpt-4o-mini', attempts: 1 });
    expect(draft.text).toMatch(/^Dear Ana, Thank you so much for your wonderful review\./);
    expect(draft.usage?.totalTokens).toBeGreaterThan(0);
    expect(emulator.calls - calls).toBe(1);
    expect(emulator.requests.at(-1)).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.7 });
    expect(lastPrompt()).not.toContain('Lopez');
  });

  it.each([
    ['professional', /^Dear Ana,/],
    ['friendly', /^Hi Ana!/],
    ['casual', /^Hey Ana!/],
  ] as const)('honours the %s style', async (responseStyle, greeting) => {
    expect((await draftText(request({ responseStyle }))).text).toMatch(greeting);
  });

  it('a custom style sends the custom tone', async () => {
    const draft = await draftText(request({ responseStyle: 'custom', customTone: 'Dry British wit' }));
    expect(lastPrompt()).toContain('Style: custom: Dry British wit');
    expect(draft.text).toMatch(/^Hello Ana,/);
  });

  it('honours the length: the word target is asked for and kept', async () => {
    for (const [responseLength, limit] of [
      ['short', 50],
      ['medium', 100],
      ['long', 170],
    ] as const) {
      const draft = await draftText(request({ responseLength }));
      expect(lastPrompt()).toContain(`at most ${limit} words`);
      expect(draft.text.split(/\s+/).length).toBeLessThanOrEqual(limit);
    }
    // a model ignoring the target is cut to it anyway
    const verbose = await startLlmEmulator({ answer: () => 'We loved having you. '.repeat(40) });
    try {
      const client = new LlmClient({ baseUrl: verbose.apiUrl, model: 'm' });
      const draft = await draftText(request({ responseLength: 'short' }), client);
      expect(draft.text.split(/\s+/).length).toBeLessThanOrEqual(50);
      expect(draft.text.endsWith('you.')).toBe(true);
    } finally {
      await verbose.close();
    }
  });

  it('names the business only when asked', async () => {
    expect((await draftText(request())).text).toContain('Chez Brigade');
    const unnamed = await draftText(request({ includeBusinessName: false }));
    expect(lastPrompt()).not.toContain('Chez Brigade');
    expect(unnamed.text).not.toContain('Chez Brigade');
  });

  it("follows the owner's template for the rating", async () => {
    const draft = await draftText(
      request({ responseTemplates: { '5': 'Thank you {firstName}! See you soon at {businessName}.' } }),
    );
    expect(draft.text).toBe('Thank you Ana! See you soon at Chez Brigade.');
  });

  it('a negative review: an apology and an invitation to get in touch; anonymous reviewers are not named', async () => {
    const draft = await draftText(request({}, { rating: 1, reviewerName: 'A Google User', comment: 'Cold' }));
    expect(draft.text).toMatch(/^Dear guest, We are truly sorry/);
    expect(draft.text).toContain('contact us');
    expect(lastPrompt()).toContain('apologise sincerely');
  });

  it("cleans the model's answer: fences, quotes, markdown, the full name", async () => {
    const sloppy = await startLlmEmulator({
      answer: () => '```\n"**Thank you**, Ana Lopez! We _loved_ it."\n```',
    });
    try {
      const client = new LlmClient({ baseUrl: sloppy.apiUrl, model: 'm' });
      expect((await draftText(request(), client)).text).toBe('Thank you, Ana! We loved it.');
    } finally {
      await sloppy.close();
    }
  });
});

describe('draftReply without a language model', () => {
  it('uses the local drafter and says so', async () => {
    const calls = emulator.calls;
    const draft = await draftReply(request({ responseStyle: 'friendly' }), undefined);
    expect(draft).toMatchObject({ ok: true, source: 'local' });
    if (!draft.ok) throw new Error('expected a draft');
    expect(draft.text).toMatch(/^Hi Ana!/);
    expect(draft.text).toContain('Chez Brigade');
    expect(emulator.calls).toBe(calls);
  });
});

describe('draftReply when the model fails: a typed failure, never a silent local draft', () => {
  const failed = async (client: LlmClient, value = request()) => {
    const outcome = await draftReply(value, client);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) throw new Error('expected a failure');
    expect(`${outcome.message} ${inspect(outcome)}`).not.toContain(KEY);
    return outcome;
  };

  it('a wrong key → unauthorized (502 AI_UNAUTHORIZED problem)', async () => {
    const outcome = await failed(new LlmClient({ baseUrl: emulator.apiUrl, apiKey: 'sk-wrong', model: 'm' }));
    expect(outcome).toMatchObject({ source: 'llm', failure: 'unauthorized', status: 401 });
    expect(draftProblem(outcome)).toMatchObject({ kind: 'bad_gateway', code: 'AI_UNAUTHORIZED' });
  });

  it('a quota → rate-limited with retry-after (429 problem carrying it)', async () => {
    emulator.injectFailure({ status: 429, retryAfterSeconds: 90 });
    const outcome = await failed(llm);
    expect(outcome).toMatchObject({ failure: 'rate-limited', retryAfterSeconds: 90 });
    expect(draftProblem(outcome)).toMatchObject({
      kind: 'rate_limited',
      code: 'AI_RATE_LIMITED',
      retryAfterSeconds: 90,
    });
  });

  it('an answer with no text left → empty-answer', async () => {
    const blank = await startLlmEmulator({ answer: () => '```\n  \n```' });
    try {
      const outcome = await failed(new LlmClient({ baseUrl: blank.apiUrl, model: 'm' }));
      expect(outcome.failure).toBe('empty-answer');
      expect(draftProblem(outcome).code).toBe('AI_EMPTY_ANSWER');
    } finally {
      await blank.close();
    }
  });

  it('a hang → timeout (504 problem)', async () => {
    emulator.injectFailure({ hang: true });
    const outcome = await draftReply(request(), llm, { timeoutMs: 100 });
    expect(outcome).toMatchObject({ ok: false, failure: 'timeout' });
    if (!outcome.ok) expect(draftProblem(outcome).kind).toBe('gateway_timeout');
  });
});
