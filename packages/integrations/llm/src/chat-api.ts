import { categoryOfStatus, IntegrationError, type IntegrationErrorKind } from '@brigade/integration-kit/http';
/**
 * What Brigade asks of an OpenAI-compatible chat-completions server (docs/operations/llm.md): one completion of a list of messages. The HTTP client (client.ts)
 * and the tests' fakes implement it; every call either resolves with the assistant's text or rejects with an
 * `LlmError`.
 */
export interface ChatCompletionsApi {
  /** The model name sent with every call (whatever the server serves: gpt-4o-mini, llama3.1, …). */
  readonly model: string;
  complete(request: ChatRequest, options?: CallOptions): Promise<ChatAnswer>;
}

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** 0-2; the server's default when absent. */
  temperature?: number | undefined;
  /** The most tokens the answer may have; the server's default when absent. */
  maxTokens?: number | undefined;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface ChatAnswer {
  /** The assistant's text, as the server sent it (not trimmed). */
  content: string;
  /** The model that answered (the server's word, else the one asked for). */
  model: string;
  finishReason: string | undefined;
  usage: ChatUsage | undefined;
  /** How many HTTP attempts it took (1 when the first answered). */
  attempts: number;
}

export interface CallOptions {
  /** Overrides the client's per-attempt timeout (milliseconds). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Why a call brought no usable answer:
 * - `unauthorized`: 401 or 403, the key is missing, wrong or not allowed this model;
 * - `rate-limited`: 429 after the retries, with `retryAfterSeconds` when the server said;
 * - `quota`: 429 `insufficient_quota`, the account has no credit left (not retried);
 * - `http`: another non-2xx answer (a 400 for an unknown model, a 5xx after the retries…);
 * - `timeout`: no answer within the timeout (or the caller cancelled);
 * - `network`: the connection failed;
 * - `bad-answer`: an answer that is not JSON, or has no assistant text in `choices[0].message.content`.
 */
export type LlmErrorKind =
  | 'unauthorized'
  | 'rate-limited'
  | 'quota'
  | 'http'
  | 'timeout'
  | 'network'
  | 'bad-answer';

export interface LlmErrorDetails {
  status?: number;
  retryAfterSeconds?: number;
  /** The same wait to the millisecond (OpenAI's `retry-after-ms`). */
  retryAfterMs?: number;
  /** The server's `error.code` / `error.type` word, when it sent one. */
  code?: string;
  attempts?: number;
}

/** A failed call. Its message names the status and the server's error word: never the key, never the prompt. */
const categoryOf = (kind: LlmErrorKind, status: number | undefined): IntegrationErrorKind =>
  kind !== 'http' ? kind : status === undefined ? 'server' : categoryOfStatus(status);

export class LlmError extends IntegrationError {
  override readonly name = 'LlmError';
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly details: LlmErrorDetails = {},
  ) {
    super(categoryOf(kind, details.status), message, {
      service: 'LLM',
      call: 'chat/completions',
      status: details.status,
      code: details.code,
      retryAfterMs: details.retryAfterMs,
    });
  }
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 2;
export const DEFAULT_BACKOFF_MS = 500;
/** A 429 asking to wait longer than this is not waited for: the caller hears rate-limited at once. */
export const MAX_RETRY_AFTER_SECONDS = 20;
