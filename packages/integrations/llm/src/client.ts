import { withRetries } from '@brigade/integration-kit/retry';
import {
  type CallOptions,
  type ChatAnswer,
  type ChatCompletionsApi,
  type ChatRequest,
  DEFAULT_BACKOFF_MS,
  DEFAULT_RETRIES,
  DEFAULT_TIMEOUT_MS,
  LlmError,
  MAX_RETRY_AFTER_SECONDS,
} from './chat-api';
import { answerOf, sendAttempt, statusFailure } from './http-call';

export interface LlmClientOptions {
  /** The server's base, ending before `/chat/completions`: `https://api.openai.com/v1`, `http://host:11434/v1`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when given; self-hosted servers often need none. */
  apiKey?: string | undefined;
  model: string;
  /** Each attempt's limit (milliseconds); default 30 s. */
  timeoutMs?: number | undefined;
  /** Attempts after the first on 429 and 5xx; default 2. */
  retries?: number | undefined;
  /** The first pause before a retry (doubled each time, plus up to as much again at random); default 500 ms. */
  backoffMs?: number | undefined;
  /** A 429 asking for a longer wait than this is not retried; default 20 s. */
  maxRetryAfterSeconds?: number | undefined;
  fetch?: typeof fetch;
  random?: () => number;
}

const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted)
      return reject(new LlmError('timeout', 'LLM chat/completions: the call was cancelled'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new LlmError('timeout', 'LLM chat/completions: the call was cancelled'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** An LLM call is retried on a rate limit or a server error only: a timeout may already have cost tokens. */
const RETRY_ON = new Set(['rate-limited', 'server'] as const);

/**
 * An OpenAI-compatible chat-completions client over fetch (`POST {baseUrl}/chat/completions`): any base URL
 * and model, so OpenAI, a gateway or a self-hosted llama.cpp / vLLM / Ollama all work. Each attempt has its
 * own timeout; 429 and 5xx answers are retried a bounded number of times with exponential backoff and jitter,
 * or after the server's `retry-after-ms` / `Retry-After` when it gives one short enough; an account out of
 * quota is not retried. The key lives in a private field and is never part of an error,
 * a log line or `inspect` output.
 */
export class LlmClient implements ChatCompletionsApi {
  readonly #apiKey: string | undefined;
  readonly model: string;
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly maxRetryAfterSeconds: number;
  private readonly fetchFn: typeof fetch;
  private readonly random: () => number;

  constructor(options: LlmClientOptions) {
    this.#apiKey = options.apiKey || undefined;
    this.model = options.model;
    this.url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retries = Math.max(0, Math.trunc(options.retries ?? DEFAULT_RETRIES));
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? MAX_RETRY_AFTER_SECONDS;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    this.random = options.random ?? Math.random;
  }

  private body(request: ChatRequest) {
    return {
      model: this.model,
      messages: request.messages.map(({ role, content }) => ({ role, content })),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      // OpenAI's name for the limit since reasoning models, which refuse the older max_tokens
      ...(request.maxTokens === undefined ? {} : { max_completion_tokens: request.maxTokens }),
    };
  }

  async complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatAnswer> {
    const body = this.body(request);
    return withRetries(
      async (attempt) => {
        try {
          return await this.attempt(body, options, attempt);
        } catch (error) {
          if (error instanceof LlmError) error.details.attempts = attempt;
          throw error;
        }
      },
      {
        retries: this.retries,
        backoffMs: this.backoffMs,
        maxRetryAfterMs: this.maxRetryAfterSeconds * 1000,
        random: this.random,
        sleep,
        signal: options.signal,
        retryOn: RETRY_ON,
      },
    );
  }

  private async attempt(body: unknown, options: CallOptions, attempt: number): Promise<ChatAnswer> {
    const answer = await sendAttempt({
      url: this.url,
      apiKey: this.#apiKey,
      body,
      timeoutMs: options.timeoutMs ?? this.timeoutMs,
      signal: options.signal,
      fetch: this.fetchFn,
    });
    if (answer.status >= 200 && answer.status < 300)
      return { ...answerOf(answer.text, answer.status, this.model), attempts: attempt };
    throw statusFailure(answer.status, answer.headers, answer.text, this.#apiKey);
  }
}
