import type { IncomingMessage } from 'node:http';

/**
 * A request's body as text, whatever its framing: a Content-Length, chunks, or (on GET and DELETE, as some
 * official SDKs send it) bytes with neither, which wire.ts keeps from breaking the connection. Undefined when
 * the body is longer than `maxBytes` (the rest is read and dropped, so the answer still reaches the client).
 */
export async function readText(req: IncomingMessage, maxBytes = 5_000_000): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= maxBytes) chunks.push(chunk as Buffer);
  }
  return size > maxBytes ? undefined : Buffer.concat(chunks).toString('utf8');
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON object of a body ({} when empty); undefined when it is not a JSON object. */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
