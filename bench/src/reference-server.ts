import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The reference for HTTP figures: the least a Node server can do to answer. Without REFERENCE_ANSWER it
 * answers `{"status":"ok"}` with two headers; with it (a JSON file `{ headers: [name, value, …], body }`,
 * body in base64) it answers those bytes: an answer of Brigade's, headers and all, for a same-bytes ratio.
 */
const file = process.env.REFERENCE_ANSWER;
const answer = file
  ? (JSON.parse(readFileSync(file, 'utf8')) as { headers: string[]; body: string })
  : undefined;
const body = answer ? Buffer.from(answer.body, 'base64') : JSON.stringify({ status: 'ok' });
const headers = answer
  ? [...answer.headers, 'content-length', String(Buffer.byteLength(body))]
  : ['content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(body))];
createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
