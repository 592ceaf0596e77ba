import type { EmulatedMessage } from './emulator-reply';

/** The emulator's request checks and OpenAI's error shape `{"error":{"message","type","param","code"}}`. */

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string> | undefined;
}

export interface EmulatedRequest {
  model: string;
  messages: EmulatedMessage[];
  temperature: number | undefined;
  maxTokens: number | undefined;
}

export function openAiError(
  status: number,
  message: string,
  type: string,
  code: string | null,
  headers?: Record<string, string>,
  param: string | null = null,
): Reply {
  return { status, body: { error: { message, type, param, code } }, headers };
}

export const invalid = (message: string, param: string | null = null): Reply =>
  openAiError(400, message, 'invalid_request_error', null, undefined, param);

const ROLES = new Set(['system', 'user', 'assistant', 'developer', 'tool']);

function messagesOf(value: unknown): EmulatedMessage[] | Reply {
  if (!Array.isArray(value) || value.length === 0)
    return invalid("'messages' must be a non-empty array.", 'messages');
  const messages: EmulatedMessage[] = [];
  for (const [index, entry] of value.entries()) {
    const { role, content } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<
      string,
      unknown
    >;
    if (typeof role !== 'string' || !ROLES.has(role))
      return invalid(`Invalid value for 'messages[${index}].role'.`, `messages[${index}].role`);
    if (typeof content !== 'string')
      return invalid(
        `Invalid type for 'messages[${index}].content': expected a string.`,
        `messages[${index}].content`,
      );
    messages.push({ role, content });
  }
  return messages;
}

/** The request when its shape is one OpenAI accepts; else the 400 OpenAI would answer. */
export function validateChatBody(text: string | undefined): { request: EmulatedRequest } | { error: Reply } {
  if (text === undefined)
    return { error: openAiError(413, 'Request too large.', 'invalid_request_error', null) };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { error: invalid('We could not parse the JSON body of your request.') };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { error: invalid('The body of your request must be a JSON object.') };
  const { model, messages, temperature, max_tokens } = body as Record<string, unknown>;
  if (typeof model !== 'string' || model.trim() === '')
    return { error: invalid('you must provide a model parameter', 'model') };
  const checked = messagesOf(messages);
  if (!Array.isArray(checked)) return { error: checked };
  if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 2))
    return { error: invalid("'temperature' must be a number between 0 and 2.", 'temperature') };
  if (max_tokens !== undefined && (!Number.isInteger(max_tokens) || (max_tokens as number) < 1))
    return { error: invalid("'max_tokens' must be a positive integer.", 'max_tokens') };
  return {
    request: {
      model,
      messages: checked,
      temperature: temperature as number | undefined,
      maxTokens: max_tokens as number | undefined,
    },
  };
}
