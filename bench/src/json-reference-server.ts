import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

// The reference for the resolved-menu read: Fastify answering the same JSON from memory (serialised per
// request, as Brigade's handlers are), so the ratio shows what the database reads and assembly cost.
const body = JSON.parse(readFileSync(process.env.JSON_FILE!, 'utf8')) as unknown;
const app = Fastify({ logger: false });
app.get('/', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
