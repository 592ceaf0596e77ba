import type { EmulatedMessage } from './emulator-reply';

/**
 * The emulator's request checks and OpenAI's error shape `{"error":{"message","type","param","code"}}`: what
 * OpenAI's chat-completions endpoint accepts (and what the `openai` package sends), refused with OpenAI's
 * words where they are known (docs/operations/llm.md#the-emulator).
 */

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string> | undefined;
}

/** A function the caller offers the model (`tools[].function`). */
export interface EmulatedTool {
  name: string;
  parameters: unknown;
}

export type EmulatedFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; schema: unknown };

export interface EmulatedRequest {
  model: string;
  messages: EmulatedMessage[];
  temperature: number | undefined;
  /** `max_completion_tokens`, or the older `max_tokens`. */
  maxTokens: number | undefined;
  /** How many choices (`n`, 1 when absent). */
  n?: number | undefined;
  stream?: boolean | undefined;
  /** `stream_options.include_usage`: a last chunk with the usage. */
  includeUsage?: boolean | undefined;
  responseFormat?: EmulatedFormat | undefined;
  tools?: EmulatedTool[] | undefined;
  /** `tool_choice`: 'none', 'auto', 'required', or the name of the function to call. */
  toolChoice?: string | undefined;
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

export const invalid = (message: string, param: string | null = null, code: string | null = null): Reply =>
  openAiError(400, message, 'invalid_request_error', code, undefined, param);

/** The body parameters chat/completions knows; any other is refused as OpenAI does. */
const KNOWN = new Set([
  'model',
  'messages',
  'temperature',
  'top_p',
  'n',
  'stream',
  'stream_options',
  'stop',
  'max_tokens',
  'max_completion_tokens',
  'presence_penalty',
  'frequency_penalty',
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'user',
  'seed',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'response_format',
  'store',
  'metadata',
  'reasoning_effort',
  'service_tier',
  'modalities',
  'prediction',
  'audio',
  'verbosity',
  'web_search_options',
  'prompt_cache_key',
  'safety_identifier',
  'functions',
  'function_call',
]);

/** Models that reason (o-series, gpt-5): OpenAI refuses `max_tokens` for them. */
const REASONING_MODEL = /^(o\d|gpt-5)/;

const ROLES = new Set(['system', 'user', 'assistant', 'developer', 'tool']);
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
type Entry = Record<string, unknown>;
const entryOf = (value: unknown): Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Entry) : {};

/** A content's text: a string, or the text parts of a list (`[{type:'text',text}]`; images are accepted). */
function textOf(content: unknown, role: string, at: string): string | Reply {
  if (typeof content === 'string') return content;
  if (content === null && role === 'assistant') return '';
  const wrong = invalid(`Invalid type for '${at}': expected one of a string or array of objects.`, at);
  if (!Array.isArray(content)) return wrong;
  const texts: string[] = [];
  for (const [index, part] of content.entries()) {
    const { type, text } = entryOf(part);
    if (type === 'text' && typeof text === 'string') texts.push(text);
    else if (!(role === 'user' && (type === 'image_url' || type === 'input_audio' || type === 'file')))
      return invalid(
        `Invalid value: '${String(type)}'. Supported values are: 'text'.`,
        `${at}[${index}].type`,
      );
  }
  return texts.join('\n');
}

function messagesOf(value: unknown): EmulatedMessage[] | Reply {
  if (!Array.isArray(value) || value.length === 0)
    return invalid("'messages' must be a non-empty array.", 'messages');
  const messages: EmulatedMessage[] = [];
  const calledIds = new Set<string>();
  for (const [index, entry] of value.entries()) {
    const { role, content, tool_calls: toolCalls, tool_call_id: toolCallId } = entryOf(entry);
    if (typeof role !== 'string' || !ROLES.has(role))
      return invalid(`Invalid value for 'messages[${index}].role'.`, `messages[${index}].role`);
    const text = textOf(content, role, `messages[${index}].content`);
    if (typeof text !== 'string') return text;
    if (role === 'assistant' && Array.isArray(toolCalls))
      for (const call of toolCalls) calledIds.add(String(entryOf(call).id));
    if (role === 'tool' && (typeof toolCallId !== 'string' || !calledIds.has(toolCallId)))
      return invalid(
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        `messages.[${index}].role`,
      );
    messages.push({ role, content: text });
  }
  return messages;
}

function formatOf(value: unknown): EmulatedFormat | Reply | undefined {
  if (value === undefined) return undefined;
  const { type, json_schema: jsonSchema } = entryOf(value);
  if (type === 'text' || type === 'json_object') return { type };
  if (type !== 'json_schema')
    return invalid(
      `Invalid value: '${String(type)}'. Supported values are: 'text', 'json_object' and 'json_schema'.`,
      'response_format.type',
    );
  const { name, schema } = entryOf(jsonSchema);
  if (typeof name !== 'string' || !NAME.test(name))
    return invalid(
      "Missing required parameter: 'response_format.json_schema.name'.",
      'response_format.json_schema.name',
    );
  return { type, name, schema };
}

function toolsOf(value: unknown): EmulatedTool[] | Reply | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    return invalid("Invalid type for 'tools': expected an array of objects.", 'tools');
  const tools: EmulatedTool[] = [];
  for (const [index, entry] of value.entries()) {
    const { type, function: fn } = entryOf(entry);
    const { name, parameters } = entryOf(fn);
    if (type !== 'function' || typeof name !== 'string' || !NAME.test(name))
      return invalid(
        `Invalid 'tools[${index}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
        `tools[${index}].function.name`,
      );
    tools.push({ name, parameters: parameters ?? { type: 'object', properties: {} } });
  }
  return tools;
}

function toolChoiceOf(value: unknown, tools: EmulatedTool[] | undefined): string | Reply | undefined {
  if (value === undefined) return undefined;
  if (value === 'none' || value === 'auto' || value === 'required') return value;
  const name = entryOf(entryOf(value).function).name;
  if (typeof name === 'string' && tools?.some((tool) => tool.name === name)) return name;
  return invalid("Invalid value for 'tool_choice': no function named in 'tools'.", 'tool_choice');
}

const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

/** The checks of the numbers and switches; the first refusal, if any. */
function numbersRefused(body: Entry): Reply | undefined {
  const { model, temperature, max_tokens: maxTokens, max_completion_tokens: maxCompletion, n } = body;
  if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 2))
    return invalid("'temperature' must be a number between 0 and 2.", 'temperature');
  for (const [param, limit] of [
    ['max_tokens', maxTokens],
    ['max_completion_tokens', maxCompletion],
  ] as const)
    if (limit !== undefined && (!Number.isInteger(limit) || (limit as number) < 1))
      return invalid(`'${param}' must be a positive integer.`, param);
  if (maxTokens !== undefined && REASONING_MODEL.test(String(model)))
    return invalid(
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      'max_tokens',
      'unsupported_parameter',
    );
  if (n !== undefined && (!Number.isInteger(n) || (n as number) < 1 || (n as number) > 128))
    return invalid("'n' must be an integer between 1 and 128.", 'n');
  return undefined;
}

/** The request when its shape is one OpenAI accepts; else the 400 OpenAI would answer. */
export function validateChatBody(text: string | undefined): { request: EmulatedRequest } | { error: Reply } {
  if (text === undefined)
    return { error: openAiError(413, 'Request too large.', 'invalid_request_error', null) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: invalid('We could not parse the JSON body of your request.') };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { error: invalid('The body of your request must be a JSON object.') };
  const body = parsed as Entry;
  const unknown = Object.keys(body).find((key) => !KNOWN.has(key));
  if (unknown) return { error: invalid(`Unrecognized request argument supplied: ${unknown}`) };
  if (typeof body.model !== 'string' || body.model.trim() === '')
    return { error: invalid('you must provide a model parameter', 'model') };
  const messages = messagesOf(body.messages);
  const tools = toolsOf(body.tools);
  const toolChoice = isReply(tools) ? undefined : toolChoiceOf(body.tool_choice, tools);
  const responseFormat = formatOf(body.response_format);
  for (const checked of [messages, tools, toolChoice, responseFormat])
    if (isReply(checked)) return { error: checked };
  const refused = numbersRefused(body);
  if (refused) return { error: refused };
  const all = (messages as EmulatedMessage[]).map((m) => m.content).join('\n');
  if ((responseFormat as EmulatedFormat | undefined)?.type === 'json_object' && !/json/i.test(all))
    return {
      error: invalid(
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
        'messages',
      ),
    };
  return { request: requestOf(body, messages as EmulatedMessage[], { tools, toolChoice, responseFormat }) };
}

function requestOf(
  body: Entry,
  messages: EmulatedMessage[],
  checked: { tools: unknown; toolChoice: unknown; responseFormat: unknown },
): EmulatedRequest {
  const limit = body.max_completion_tokens ?? body.max_tokens;
  const request: EmulatedRequest = {
    model: body.model as string,
    messages,
    temperature: body.temperature as number | undefined,
    maxTokens: limit as number | undefined,
  };
  if (body.n !== undefined) request.n = body.n as number;
  if (body.stream === true) request.stream = true;
  if (entryOf(body.stream_options).include_usage === true) request.includeUsage = true;
  if (checked.responseFormat) request.responseFormat = checked.responseFormat as EmulatedFormat;
  if (checked.tools) request.tools = checked.tools as EmulatedTool[];
  if (checked.toolChoice) request.toolChoice = checked.toolChoice as string;
  return request;
}
