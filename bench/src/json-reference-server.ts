import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Fastify from 'fastify';

// The reference for the resolved-menu reads: Fastify answering the very bytes Brigade answers, from memory,
// compressed once at start (brotli 9, gzip 9, as Brigade stores them) and sent as the client accepts, with
// the headers Brigade sends. What is left between the two is what Brigade does per request: session,
// access, the cache look-up, the request id.
// JSON_FILES: "name=path,name=path"; each is served at /name. JSON_HEADERS: ["name", "value", …] (JSON).
interface Stored {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}
const stored = new Map<string, Stored>();
for (const pair of (process.env.JSON_FILES ?? '').split(',').filter(Boolean)) {
  const [name, path] = pair.split('=') as [string, string];
  const plain = readFileSync(path);
  stored.set(name, {
    plain,
    br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(plain, { level: 9 }),
  });
}
const headers = JSON.parse(process.env.JSON_HEADERS ?? '[]') as string[];
const fixed: Record<string, string> = {
  'content-type': 'application/json; charset=utf-8',
  vary: 'accept-encoding',
};
for (let i = 0; i < headers.length; i += 2) fixed[headers[i]!] = headers[i + 1]!;
const app = Fastify({ logger: false });
app.get<{ Params: { name: string } }>('/:name', async (request, reply) => {
  const body = stored.get(request.params.name);
  if (!body) return reply.status(404).send();
  reply.headers(fixed);
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.plain);
});
app.get('/', async () => 'ok');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
