import { type EmulatedMessage, emulatedReply, fingerprintOf } from './emulator-reply';
import type { EmulatedRequest, EmulatedTool } from './emulator-wire';

/**
 * The emulator's answers in OpenAI's shapes: a `chat.completion` with `n` choices, or the same as
 * `chat.completion.chunk` server-sent events; text, a JSON object (`response_format`), or a call of one of the
 * offered functions (`tools`). Deterministic: the same request gets the same answer.
 *
 * When it calls a function: when `tool_choice` is 'required' (the first function) or names one; with 'auto'
 * (the default) when the last message is the user's and names a function. After the function's result (a
 * `tool` message) it answers with text. Values it makes up follow the schema: an enum's first value, a
 * string's text, a number's minimum (else 1), true, one item of an array.
 */

type Answer = (messages: EmulatedMessage[]) => string;

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface Choice {
  index: number;
  content: string | null;
  toolCalls?: ToolCall[];
  finishReason: 'stop' | 'tool_calls';
}

/** A value that fits `schema` (JSON Schema as OpenAI takes it), with `text` for strings. */
export function sampleOf(schema: unknown, text: string, depth = 0): unknown {
  const s = (typeof schema === 'object' && schema !== null ? schema : {}) as Record<string, unknown>;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const options = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(options) && options.length > 0) return sampleOf(options[0], text, depth);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (depth > 8) return null;
  switch (type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, sampleOf(value, text, depth + 1)]),
      );
    }
    case 'array':
      return Array.from({ length: Math.max(1, Number(s.minItems ?? 1)) }, () =>
        sampleOf(s.items, text, depth + 1),
      );
    case 'integer':
      return Math.ceil(Number(s.minimum ?? 1));
    case 'number':
      return Number(s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return text;
  }
}

function toolToCall(request: EmulatedRequest): EmulatedTool | undefined {
  const tools = request.tools ?? [];
  const last = request.messages.at(-1);
  if (tools.length === 0 || request.toolChoice === 'none' || last?.role === 'tool') return undefined;
  if (request.toolChoice === 'required') return tools[0];
  const named = tools.find((tool) => tool.name === request.toolChoice);
  if (named) return named;
  if (last?.role !== 'user') return undefined;
  return tools.find((tool) => last.content.toLowerCase().includes(tool.name.toLowerCase()));
}

function textFor(request: EmulatedRequest, text: string): string {
  const format = request.responseFormat;
  if (format?.type === 'json_object') return JSON.stringify({ answer: text });
  if (format?.type === 'json_schema') return JSON.stringify(sampleOf(format.schema, text));
  return text;
}

/** The `n` choices for this request (each a little different, as sampled answers are). */
export function choicesOf(request: EmulatedRequest, answer: Answer = emulatedReply): Choice[] {
  const base = answer(request.messages);
  const fingerprint = fingerprintOf(request.messages);
  const tool = toolToCall(request);
  return Array.from({ length: request.n ?? 1 }, (_, index): Choice => {
    const text = index === 0 ? base : `${base} (${index + 1})`;
    if (!tool) return { index, content: textFor(request, text), finishReason: 'stop' };
    const call: ToolCall = {
      id: `call_emu_${fingerprint}_${index}`,
      type: 'function',
      function: { name: tool.name, arguments: JSON.stringify(sampleOf(tool.parameters, text)) },
    };
    return { index, content: null, toolCalls: [call], finishReason: 'tool_calls' };
  });
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export function usageOf(request: EmulatedRequest, choices: Choice[]) {
  const prompt = tokens(request.messages.map((m) => m.content).join(''));
  const completion = choices.reduce(
    (sum, choice) => sum + tokens(choice.content ?? JSON.stringify(choice.toolCalls)),
    0,
  );
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

const headOf = (request: EmulatedRequest, object: string) => ({
  id: `chatcmpl-emu-${fingerprintOf(request.messages)}`,
  object,
  created: Math.floor(Date.now() / 1000),
  model: request.model,
  system_fingerprint: 'fp_brigade_emulator',
});

/** The whole answer (`chat.completion`). */
export function completionOf(request: EmulatedRequest, choices: Choice[]) {
  return {
    ...headOf(request, 'chat.completion'),
    choices: choices.map((choice) => ({
      index: choice.index,
      message: {
        role: 'assistant',
        content: choice.content,
        refusal: null,
        ...(choice.toolCalls ? { tool_calls: choice.toolCalls } : {}),
      },
      logprobs: null,
      finish_reason: choice.finishReason,
    })),
    usage: usageOf(request, choices),
  };
}

/** Text cut where a model's tokens would come: each word with the spaces after it. */
const pieces = (text: string) => text.match(/\S+\s*|\s+/g) ?? [''];

/** The answer as `chat.completion.chunk`s, in the order OpenAI streams them (then `data: [DONE]`). */
export function chunksOf(request: EmulatedRequest, choices: Choice[]): unknown[] {
  const head = headOf(request, 'chat.completion.chunk');
  const usage = request.includeUsage ? { usage: null } : {};
  const chunk = (index: number, delta: unknown, finish: string | null = null) => ({
    ...head,
    choices: [{ index, delta, logprobs: null, finish_reason: finish }],
    ...usage,
  });
  const chunks: unknown[] = [];
  for (const choice of choices) {
    chunks.push(
      chunk(choice.index, { role: 'assistant', content: choice.toolCalls ? null : '', refusal: null }),
    );
    for (const [at, call] of (choice.toolCalls ?? []).entries()) {
      chunks.push(
        chunk(choice.index, {
          tool_calls: [
            {
              index: at,
              id: call.id,
              type: 'function',
              function: { name: call.function.name, arguments: '' },
            },
          ],
        }),
      );
      for (const piece of pieces(call.function.arguments))
        chunks.push(chunk(choice.index, { tool_calls: [{ index: at, function: { arguments: piece } }] }));
    }
    if (choice.content !== null)
      for (const piece of pieces(choice.content)) chunks.push(chunk(choice.index, { content: piece }));
    chunks.push(chunk(choice.index, {}, choice.finishReason));
  }
  if (request.includeUsage) chunks.push({ ...head, choices: [], usage: usageOf(request, choices) });
  return chunks;
}
