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

const retryable = (status: number) => status === 429 || status >= 500;

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

  /** The pause before retry number `retry` (1-based), or undefined when the failure is not worth a retry. */
  private pauseBefore(retry: number, failure: LlmError): number | undefined {
    const status = failure.details.status;
    if (retry > this.retries || status === undefined || !retryable(status) || failure.kind === 'quota')
      return undefined;
    const backoff = this.backoffMs * 2 ** (retry - 1) * (1 + this.random());
    const asked = failure.details.retryAfterMs;
    if (asked === undefined) return backoff;
    if (asked > this.maxRetryAfterSeconds * 1000) return undefined;
    // the server's word, when it gives one, rather than our guess
    return asked;
  }

  async complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatAnswer> {
    const body = this.body(request);
    for (let attempt = 1; ; attempt += 1) {
      const answer = await sendAttempt({
        url: this.url,
        apiKey: this.#apiKey,
        body,
        timeoutMs: options.timeoutMs ?? this.timeoutMs,
        signal: options.signal,
        fetch: this.fetchFn,
      }).catch((error: LlmError) => {
        error.details.attempts = attempt;
        throw error;
      });
      if (answer.status >= 200 && answer.status < 300) {
        try {
          return { ...answerOf(answer.text, answer.status, this.model), attempts: attempt };
        } catch (error) {
          (error as LlmError).details.attempts = attempt;
          throw error;
        }
      }
      const failure = statusFailure(answer.status, answer.headers, answer.text, this.#apiKey);
      failure.details.attempts = attempt;
      const pause = this.pauseBefore(attempt, failure);
      if (pause === undefined) throw failure;
      await sleep(pause, options.signal);
    }
  }
}
