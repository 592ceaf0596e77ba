import { BrigadeError, type ErrorKind } from '@brigade/domain/errors';
import { buildDraftPrompt, finishDraft } from '@brigade/domain/listing/ai-draft';
import type { DraftBusiness, DraftReview, DraftSettings } from '@brigade/domain/listing/draft-settings';
import { localDraft } from '@brigade/domain/listing/local-draft';
import type { IntegrationErrorKind } from '@brigade/integration-kit/http';
import { IntegrationError } from '@brigade/integration-kit/http';
import type { CallOptions, ChatCompletionsApi, ChatUsage } from '@brigade/llm/chat-api';

/**
 * Drafting a reply to a review (issue 19; docs/behaviour/ai-review-replies.md), for the
 * generate-ai-response route and the auto-reply job. No database here: the caller loads the connection's AI
 * config, the restaurant's AI reply config, the review and the business, and decides what to do with the
 * draft (show it for approval, or post it when `autoReplyDecision` allows).
 *
 * With a language model configured the draft comes from it (`source: 'llm'`); with none, from the local
 * drafter (`source: 'local'`). When the model fails, the answer is a typed failure and NOT a local draft:
 * a silent fallback would hide a broken key or a quota from the owner and post template text as if a model
 * had written it. The caller may call `draftReply(request, undefined)` for a local draft on purpose.
 */

export interface DraftReplyRequest {
  /** The merged settings: `draftSettingsOf(connection AI config, platform-sync AI reply config)`. */
  config: DraftSettings;
  review: DraftReview;
  business: DraftBusiness;
}

export type DraftSource = 'llm' | 'local';

export interface ReviewDraft {
  ok: true;
  source: DraftSource;
  /** Postable as it is: trimmed, within the length target and the 4096-character reply limit. */
  text: string;
  /** The model that wrote it (llm only). */
  model?: string;
  usage?: ChatUsage;
  /** HTTP attempts the model call took (llm only). */
  attempts?: number;
}

/**
 * Why the model brought no draft: the kit's shared failure category (decision 060), or `empty-answer` (nothing
 * usable in it).
 */
export type DraftFailureKind = IntegrationErrorKind | 'empty-answer';

export interface DraftFailure {
  ok: false;
  source: 'llm';
  failure: DraftFailureKind;
  /** Our words: the status and the provider's error code at most, never the key or the prompt. */
  message: string;
  status?: number;
  retryAfterSeconds?: number;
}

export type DraftOutcome = ReviewDraft | DraftFailure;

/** A draft for the review: from the model when one is given, else from the local drafter. */
export async function draftReply(
  request: DraftReplyRequest,
  llm: ChatCompletionsApi | undefined,
  options: CallOptions = {},
): Promise<DraftOutcome> {
  const input = { settings: request.config, review: request.review, business: request.business };
  if (!llm) return { ok: true, source: 'local', text: localDraft(input) };
  const prompt = buildDraftPrompt(input);
  let answer: Awaited<ReturnType<ChatCompletionsApi['complete']>>;
  try {
    answer = await llm.complete(
      { messages: prompt.messages, temperature: prompt.temperature, maxTokens: prompt.maxTokens },
      options,
    );
  } catch (error) {
    if (!(error instanceof IntegrationError)) throw error;
    return {
      ok: false,
      source: 'llm',
      failure: error.category,
      message: error.message,
      ...(error.facts.status === undefined ? {} : { status: error.facts.status }),
      ...(error.facts.retryAfterMs === undefined
        ? {}
        : { retryAfterSeconds: Math.ceil(error.facts.retryAfterMs / 1000) }),
    };
  }
  const finished = finishDraft(answer.content, input, prompt.wordLimit);
  if (!finished.ok)
    return {
      ok: false,
      source: 'llm',
      failure: 'empty-answer',
      message: 'The language model answered no text',
    };
  return {
    ok: true,
    source: 'llm',
    text: finished.text,
    model: answer.model,
    ...(answer.usage ? { usage: answer.usage } : {}),
    attempts: answer.attempts,
  };
}

/** Any other HTTP failure of the model's server. */
const AI_ERROR = {
  kind: 'bad_gateway',
  code: 'AI_ERROR',
  message: 'The language model failed to draft a reply; try again',
} as const;

const PROBLEMS: Record<DraftFailureKind, { kind: ErrorKind; code: string; message: string }> = {
  unauthorized: {
    kind: 'bad_gateway',
    code: 'AI_UNAUTHORIZED',
    message: 'The language model refused the server’s API key; check LLM_API_KEY',
  },
  'rate-limited': {
    kind: 'rate_limited',
    code: 'AI_RATE_LIMITED',
    message: 'The language model is limiting requests; try again shortly',
  },
  quota: {
    kind: 'bad_gateway',
    code: 'AI_QUOTA',
    message: 'The language model account has no quota left; check its plan and billing',
  },
  server: AI_ERROR,
  'bad-request': AI_ERROR,
  'not-found': AI_ERROR,
  timeout: {
    kind: 'gateway_timeout',
    code: 'AI_TIMEOUT',
    message: 'The language model did not answer in time',
  },
  network: { kind: 'bad_gateway', code: 'AI_UNREACHABLE', message: 'The language model cannot be reached' },
  'bad-answer': {
    kind: 'bad_gateway',
    code: 'AI_BAD_ANSWER',
    message: "The language model's answer could not be read",
  },
  'empty-answer': {
    kind: 'bad_gateway',
    code: 'AI_EMPTY_ANSWER',
    message: 'The language model answered no text',
  },
};

/** A draft failure as the API says it (problem+json: 429 / 502 / 504, never a 500), retry-after kept. */
export class DraftProblem extends BrigadeError {
  constructor(
    readonly failure: DraftFailure,
    readonly retryAfterSeconds = failure.retryAfterSeconds,
  ) {
    const problem = PROBLEMS[failure.failure];
    super(problem.kind, problem.code, problem.message);
  }
}

export const draftProblem = (failure: DraftFailure): DraftProblem => new DraftProblem(failure);
