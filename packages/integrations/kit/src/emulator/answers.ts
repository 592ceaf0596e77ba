import type { ServerResponse } from 'node:http';

/**
 * What an emulator answers (the harness's one `send`): JSON, HTML, plain text or bytes, server-sent events, or
 * an empty body. Headers given here win over the defaults (content type, length).
 */
export type Answer = {
  status: number;
  headers?: Record<string, string> | undefined;
} & (
  | { json: unknown }
  | { html: string }
  | { text: string; contentType?: string }
  | { bytes: Buffer; contentType: string }
  | { events: readonly unknown[]; done?: string }
  | { empty: true }
);

export const json = (status: number, body: unknown, headers?: Record<string, string>): Answer => ({
  status,
  json: body,
  ...(headers ? { headers } : {}),
});

export const html = (status: number, page: string, headers?: Record<string, string>): Answer => ({
  status,
  html: page,
  ...(headers ? { headers } : {}),
});

export const empty = (status: number, headers?: Record<string, string>): Answer => ({
  status,
  empty: true,
  ...(headers ? { headers } : {}),
});

/** Server-sent events: each event's JSON as one `data:` line, then `data: <done>` when given (OpenAI's `[DONE]`). */
export const events = (events: readonly unknown[], done?: string): Answer => ({
  status: 200,
  events,
  ...(done === undefined ? {} : { done }),
});

function bodyOf(answer: Answer): { type?: string; body: string | Buffer } {
  if ('json' in answer) return { type: 'application/json; charset=utf-8', body: JSON.stringify(answer.json) };
  if ('html' in answer) return { type: 'text/html; charset=utf-8', body: answer.html };
  if ('text' in answer) return { type: answer.contentType ?? 'text/plain; charset=utf-8', body: answer.text };
  if ('bytes' in answer) return { type: answer.contentType, body: answer.bytes };
  return { body: '' };
}

/** Writes `answer` and ends the response. */
export function send(res: ServerResponse, answer: Answer): void {
  if ('events' in answer) {
    res.writeHead(answer.status, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...answer.headers,
    });
    for (const event of answer.events) res.write(`data: ${JSON.stringify(event)}\n\n`);
    res.end(answer.done === undefined ? undefined : `data: ${answer.done}\n\n`);
    return;
  }
  const { type, body } = bodyOf(answer);
  res.writeHead(answer.status, {
    ...(type ? { 'content-type': type } : {}),
    'content-length': String(Buffer.byteLength(body)),
    ...answer.headers,
  });
  res.end(body);
}
