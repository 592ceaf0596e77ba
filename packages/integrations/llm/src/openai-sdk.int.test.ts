import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LlmEmulator, startLlmEmulator } from './emulator';
import { emulatedReply } from './emulator-reply';

/**
 * Contract tests (issue 43): OpenAI's own client library, unmodified, against the emulator over real HTTP.
 * Each behaviour here is one the library relies on; each failed against the emulator before it was made
 * faithful (streams, content parts, JSON answers, several choices, function calls, errors and retries).
 */

const KEY = 'sk-emulator-contract';
let emulator: LlmEmulator;
let openai: OpenAI;

beforeAll(async () => {
  emulator = await startLlmEmulator({ apiKey: KEY });
  openai = new OpenAI({ baseURL: emulator.apiUrl, apiKey: KEY, maxRetries: 0 });
});
afterAll(() => emulator?.close());

const USER = [{ role: 'user' as const, content: 'Rating: 5 of 5 stars\nReviewer first name: Ana' }];

describe('the openai package against the emulator', () => {
  it('creates a completion and reads its text, usage and model', async () => {
    const completion = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: USER });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message).toMatchObject({ role: 'assistant', content: emulatedReply(USER) });
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage?.total_tokens).toBe(
      completion.usage!.prompt_tokens + completion.usage!.completion_tokens,
    );
    expect(completion.model).toBe('gpt-4o-mini');
  });

  it('streams the same text as server-sent events, with the usage last when asked', async () => {
    const stream = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: USER,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    const finishes: (string | null)[] = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    let chunks = 0;
    for await (const chunk of stream) {
      chunks += 1;
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(emulatedReply(USER));
    expect(chunks).toBeGreaterThan(5);
    expect(finishes).toEqual(['stop']);
    expect(usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('takes content as a list of parts, an image part included', async () => {
    const completion = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is on this plate?' },
            { type: 'image_url', image_url: { url: 'https://example.com/plate.jpg' } },
          ],
        },
      ],
    });
    expect(completion.choices[0]?.message.content).toContain('What is on this plate?');
  });

  it('answers a JSON object when asked for one, and refuses the request whose messages never say JSON', async () => {
    const completion = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Answer in JSON: a greeting' }],
      response_format: { type: 'json_object' },
    });
    expect(JSON.parse(completion.choices[0]!.message.content!)).toEqual({ answer: expect.any(String) });
    const refused = await openai.chat.completions
      .create({ model: 'gpt-4o-mini', messages: USER, response_format: { type: 'json_object' } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).message).toContain(
      "'messages' must contain the word 'json' in some form",
    );
  });

  it("answers an object that fits a JSON schema's properties, types and enums", async () => {
    const completion = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: USER,
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'reply',
          strict: true,
          schema: {
            type: 'object',
            properties: {
              text: { type: 'string' },
              tone: { type: 'string', enum: ['warm', 'formal'] },
              stars: { type: 'integer', minimum: 1 },
              tags: { type: 'array', items: { type: 'string' } },
            },
            required: ['text', 'tone', 'stars', 'tags'],
            additionalProperties: false,
          },
        },
      },
    });
    const parsed = JSON.parse(completion.choices[0]!.message.content!);
    expect(parsed).toEqual({ text: expect.any(String), tone: 'warm', stars: 1, tags: [expect.any(String)] });
  });

  it('gives n choices, each with its index', async () => {
    const completion = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: USER, n: 2 });
    expect(completion.choices.map((choice) => choice.index)).toEqual([0, 1]);
    expect(completion.choices[0]?.message.content).not.toBe(completion.choices[1]?.message.content);
  });

  it('calls a function when required, streams the call, and answers with text after its result', async () => {
    const tools: OpenAI.ChatCompletionTool[] = [
      {
        type: 'function',
        function: {
          name: 'opening_hours',
          parameters: {
            type: 'object',
            properties: { day: { type: 'string', enum: ['monday', 'tuesday'] } },
          },
        },
      },
    ];
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'When are you open?' }];
    const called = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages,
      tools,
      tool_choice: 'required',
    });
    const choice = called.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    const call = choice.message.tool_calls![0] as OpenAI.ChatCompletionMessageFunctionToolCall;
    expect(call.function.name).toBe('opening_hours');
    expect(JSON.parse(call.function.arguments)).toEqual({ day: 'monday' });

    const stream = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages,
      tools,
      tool_choice: { type: 'function', function: { name: 'opening_hours' } },
      stream: true,
    });
    let streamed = '';
    for await (const chunk of stream)
      streamed += chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? '';
    expect(streamed).toBe(call.function.arguments);

    const answered = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      tools,
      messages: [
        ...messages,
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: call.id, content: 'Monday 9-17' },
      ],
    });
    expect(answered.choices[0]?.finish_reason).toBe('stop');
    expect(answered.choices[0]?.message.content).toEqual(expect.any(String));
  });

  it('refuses a tool result that answers no call, max_tokens for a reasoning model, and an unknown parameter', async () => {
    const orphan = await openai.chat.completions
      .create({
        model: 'gpt-4o-mini',
        messages: [...USER, { role: 'tool', tool_call_id: 'call_x', content: '1' }],
      })
      .catch((error: unknown) => error);
    expect(orphan).toBeInstanceOf(OpenAI.BadRequestError);
    const reasoning = await openai.chat.completions
      .create({ model: 'o4-mini', messages: USER, max_tokens: 50 })
      .catch((error: unknown) => error);
    expect(reasoning).toMatchObject({ status: 400, code: 'unsupported_parameter', param: 'max_tokens' });
    const fine = await openai.chat.completions.create({
      model: 'o4-mini',
      messages: USER,
      max_completion_tokens: 50,
    });
    expect(fine.choices).toHaveLength(1);
    const unknown = await openai.chat.completions
      .create({ model: 'gpt-4o-mini', messages: USER, temprature: 1 } as never)
      .catch((error: unknown) => error);
    expect((unknown as Error).message).toContain('Unrecognized request argument supplied: temprature');
  });

  it("raises the library's own errors: a wrong key, a rate limit it retries, a server error", async () => {
    const wrong = new OpenAI({ baseURL: emulator.apiUrl, apiKey: 'sk-wrong', maxRetries: 0 });
    await expect(
      wrong.chat.completions.create({ model: 'gpt-4o-mini', messages: USER }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const patient = new OpenAI({ baseURL: emulator.apiUrl, apiKey: KEY, maxRetries: 2 });
    emulator.injectFailure({ status: 429, retryAfterSeconds: 0 });
    const before = emulator.calls;
    const after429 = await patient.chat.completions.create({ model: 'gpt-4o-mini', messages: USER });
    expect(after429.choices[0]?.message.content).toBe(emulatedReply(USER));
    expect(emulator.calls - before).toBe(2);
    emulator.injectFailure({ status: 503 });
    await expect(
      openai.chat.completions.create({ model: 'gpt-4o-mini', messages: USER }),
    ).rejects.toBeInstanceOf(OpenAI.InternalServerError);
  });

  it('lists the models and retrieves one', async () => {
    const models = await openai.models.list();
    expect(models.data.map((model) => model.id)).toContain('brigade-emulator');
    expect((await openai.models.retrieve('gpt-4o-mini')).id).toBe('gpt-4o-mini');
  });
});
