import { z } from 'zod';
import type { LlmConfig } from './config-types';

const milliseconds = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a number of milliseconds')
    .min(0, 'must be a number of milliseconds')
    .max(3_600_000, 'must be at most 3600000 (an hour)')
    .default(fallback);

/**
 * An OpenAI-compatible chat-completions server for AI review-reply drafts (docs/operations/llm.md): any base
 * URL and model (OpenAI, a gateway, a self-hosted llama.cpp / vLLM / Ollama). Without a URL the built-in
 * emulator answers outside production; in production, or with LLM_EMULATOR=off, the local drafter does.
 * LLM_API_KEY is a secret: it stays in the client, and `apiKey` is on the log's redaction list.
 */
export const llmEnvironment = {
  LLM_BASE_URL: z
    .url({ error: 'must be a URL such as https://api.openai.com/v1 or http://127.0.0.1:11434/v1' })
    .refine((url) => !URL.canParse(url) || (!new URL(url).username && !new URL(url).password), {
      message: 'must not carry credentials: put the key in LLM_API_KEY',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LLM_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  LLM_MODEL: z.string().trim().min(1, 'must not be empty').default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: milliseconds(30_000),
  LLM_EMULATOR: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
};

type LlmEnvironment = z.infer<z.ZodObject<typeof llmEnvironment>>;

/** Who drafts review replies: the configured server, the built-in emulator, or the local drafter. */
export function llmConfigOf(c: LlmEnvironment, nodeEnv: string): LlmConfig {
  const emulator = (c.LLM_EMULATOR ?? (nodeEnv === 'production' ? 'off' : 'on')) === 'on';
  return {
    mode: c.LLM_BASE_URL ? 'remote' : emulator ? 'emulator' : 'local',
    baseUrl: c.LLM_BASE_URL?.replace(/\/+$/, ''),
    apiKey: c.LLM_API_KEY,
    model: c.LLM_MODEL,
    timeoutMs: c.LLM_TIMEOUT_MS,
  };
}
