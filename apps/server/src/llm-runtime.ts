import { startOnFirstUse } from '@brigade/integration-kit/start-on-first-use';
import type { ChatCompletionsApi } from '@brigade/llm/chat-api';
import { LlmClient } from '@brigade/llm/client';
import { type LlmEmulator, startLlmEmulator } from '@brigade/llm/emulator';
import type { Config } from './config';

/**
 * The language model of the running server (docs/operations/llm.md), for AI review-reply drafts: the
 * OpenAI-compatible server at LLM_BASE_URL, or — with no URL outside production — the in-process emulator,
 * started on first use (as the Places and CardPointe emulators are), or none (`local`: the local drafter writes
 * drafts). Routes pass `await deps.llm.api()` to core's `draftReply`, which drafts locally when it is
 * undefined. The key lives in the client only; nothing here logs or answers it.
 */
export interface LlmRuntime {
  mode: Config['llm']['mode'];
  /** The model's client, or undefined when drafts are written locally. */
  api(): Promise<ChatCompletionsApi | undefined>;
  /** The emulator (started on first call) when it stands in for a model; null otherwise. */
  emulator(): Promise<LlmEmulator> | null;
  /** Who answers, in words for the start-up banner and logs (never the key). */
  description: string;
  close(): Promise<void>;
}

export function createLlmRuntime(config: Config): LlmRuntime {
  const { llm } = config;
  const emulator = startOnFirstUse<LlmEmulator>(
    'the LLM emulator',
    () => startLlmEmulator(),
    (started) => started.close(),
  );
  const startEmulator = () => emulator.get();
  // A failed emulator start fails this one too, and both are tried again on the next call.
  const client = startOnFirstUse<ChatCompletionsApi>('the LLM client', () =>
    llm.mode === 'remote'
      ? Promise.resolve(
          new LlmClient({
            baseUrl: llm.baseUrl!,
            apiKey: llm.apiKey,
            model: llm.model,
            timeoutMs: llm.timeoutMs,
          }),
        )
      : startEmulator().then(
          (e) => new LlmClient({ baseUrl: e.apiUrl, model: llm.model, timeoutMs: llm.timeoutMs }),
        ),
  );
  const api = (): Promise<ChatCompletionsApi | undefined> =>
    llm.mode === 'local' ? Promise.resolve(undefined) : client.get();
  return {
    mode: llm.mode,
    api,
    emulator: () => (llm.mode === 'emulator' ? startEmulator() : null),
    description: DESCRIPTIONS[llm.mode](llm.baseUrl, llm.model),
    close: () => emulator.close(),
  };
}

const DESCRIPTIONS = {
  remote: (url: string | undefined, model: string) => `${model} at ${safeOrigin(url)} (LLM_BASE_URL)`,
  emulator: () => 'the built-in chat-completions emulator (no LLM_BASE_URL configured)',
  local: () => 'the local drafter, no language model (set LLM_BASE_URL to use one)',
} as const;

/** The URL's origin and path only: a URL with credentials in it never reaches a banner or a log. */
function safeOrigin(url: string | undefined): string {
  if (!url) return '?';
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
}
