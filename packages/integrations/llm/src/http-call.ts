import { exchange, NoAnswerError, retryAfterMs } from '@brigade/integration-kit/http';
import { type ChatAnswer, type ChatUsage, LlmError, type LlmErrorKind } from './chat-api';

/**
 * One HTTP exchange with a chat-completions server and its typed failures. Messages carry the status and the
 * server's error code word only: never the key (which a provider may quote back, masked or not), never the
 * prompt or the answer's text.
 */

export interface Attempt {
  url: string;
  apiKey: string | undefined;
  body: unknown;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  fetch: typeof fetch;
}

/**
 * The server's `{error:{code|type}}` word, when it is a plain snake_case identifier (`invalid_api_key`,
 * `rate_limit_exceeded`): never free text, and never the key even when a provider echoes it there.
 */
function codeOf(text: string, secret: string | undefined): string | undefined {
  const usable = (word: unknown): word is string =>
    typeof word === 'string' && /^[a-z][a-z0-9_]{0,63}$/.test(word) && !(secret && word.includes(secret));
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; type?: unknown } })?.error;
    return [error?.code, error?.type].find(usable) as string | undefined;
  } catch {
    return undefined;
  }
}

function kindOfStatus(status: number, code: string | undefined): LlmErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  // OpenAI answers an account without credit with 429 insufficient_quota: waiting does not help
  if (status === 429) return code === 'insufficient_quota' ? 'quota' : 'rate-limited';
  return 'http';
}

export function statusFailure(
  status: number,
  headers: Headers,
  text: string,
  secret?: string | undefined,
): LlmError {
  const code = codeOf(text, secret);
  const waitMs = status === 429 || status >= 500 ? retryAfterMs(headers) : undefined;
  return new LlmError(
    kindOfStatus(status, code),
    `LLM chat/completions: HTTP ${status}${code ? ` ${code}` : ''}`,
    {
      status,
      ...(code ? { code } : {}),
      ...(waitMs === undefined ? {} : { retryAfterSeconds: Math.ceil(waitMs / 1000), retryAfterMs: waitMs }),
    },
  );
}

const nonNegative = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;

function usageOf(value: unknown): ChatUsage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const u = value as Record<string, unknown>;
  const promptTokens = nonNegative(u.prompt_tokens);
  const completionTokens = nonNegative(u.completion_tokens);
  return {
    promptTokens,
    completionTokens,
    totalTokens: nonNegative(u.total_tokens) || promptTokens + completionTokens,
  };
}

const badAnswer = (why: string, status: number) =>
  new LlmError('bad-answer', `LLM chat/completions: ${why}`, { status });

/** The answer's `choices[0].message.content`, read leniently; anything else is a bad answer. */
export function answerOf(text: string, status: number, askedModel: string): Omit<ChatAnswer, 'attempts'> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badAnswer('the answer is not JSON', status);
  }
  const body = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const first = Array.isArray(body.choices)
    ? (body.choices[0] as Record<string, unknown> | undefined)
    : undefined;
  const message = first?.message as { content?: unknown } | undefined;
  const content = message?.content;
  if (typeof content !== 'string') throw badAnswer('the answer has no choices[0].message.content', status);
  return {
    content,
    model: typeof body.model === 'string' && body.model !== '' ? body.model : askedModel,
    finishReason: typeof first?.finish_reason === 'string' ? first.finish_reason : undefined,
    usage: usageOf(body.usage),
  };
}

/** Sends one attempt; resolves with the status and body text of any HTTP answer, rejects on no answer. */
export async function sendAttempt(
  attempt: Attempt,
): Promise<{ status: number; headers: Headers; text: string }> {
  try {
    return await exchange({
      url: attempt.url,
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(attempt.apiKey ? { authorization: `Bearer ${attempt.apiKey}` } : {}),
      },
      body: JSON.stringify(attempt.body),
      redirect: 'error',
      timeoutMs: attempt.timeoutMs,
      signal: attempt.signal,
      fetch: attempt.fetch,
    });
  } catch (error) {
    if (!(error instanceof NoAnswerError)) throw error;
    // a cancel by the caller counts as a timeout
    throw new LlmError(
      error.reason === 'network' ? 'network' : 'timeout',
      `LLM chat/completions: ${error.message}`,
    );
  }
}
