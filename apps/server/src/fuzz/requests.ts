import { Agent, request as httpRequest } from 'node:http';
import { API_BASE_PATH, type Endpoint } from '@brigade/contracts/endpoint';
import fc from 'fast-check';
import { hostileValue, mutateOnce, nearValidKind, poison, rawBody } from './mutations';
import { type Hints, type JsonSchema, jsonSchemaOf, validArbitrary } from './schema-arbitraries';
import type { FuzzWorld } from './world';

export type Flavour = 'valid' | 'near-valid' | 'hostile';
export type Caller = 'owner' | 'admin' | 'anonymous';

/** A path or query value: text to percent-encode, or a segment sent exactly as written (`raw`). */
export type UrlValue = string | { raw: string };

export interface FuzzRequest {
  flavour: Flavour;
  params: Record<string, UrlValue>;
  query: Record<string, UrlValue>;
  /** A JSON body (undefined: none), or a body sent as raw text with its content type. */
  body?: unknown;
  raw?: { text: string; contentType: string };
}

/** Who calls a route: the organization's owner, the site administrator, or nobody signed in. */
export function callerOf(endpoint: Endpoint): Caller {
  switch (endpoint.access.kind) {
    case 'site-admin':
      return 'admin';
    case 'public':
      return 'anonymous';
    default:
      return 'owner';
  }
}

const CATALOGUE_ID = fc.integer({ min: 1, max: 8 });

/** Valid path values by parameter name: rows that exist (or just did) in the fuzz world. */
function pathPools(world: FuzzWorld): Record<string, fc.Arbitrary<string>> {
  const from = (values: (string | number)[]) => fc.constantFrom(...values.map(String));
  return {
    tenantId: from([world.tenantId]),
    restaurantId: from(world.restaurantIds),
    uid: from(world.spareUids),
    guid: from(world.mappingGuids),
    domain: from(world.hostingDomains),
    templateId: from(world.templateIds),
    schemeId: from(world.schemeIds),
    imageId: world.imageIds.length > 0 ? from(world.imageIds) : fc.constant('fallback-1'),
    slug: from(world.slugs),
    restaurantGuid: from(world.restaurantGuids),
  };
}

/** Body hints: the meaning of fields the schema types only as numbers or text. */
function bodyHints(world: FuzzWorld): Hints {
  return (name, schema) => {
    if (name === 'tenantId') return fc.constant(world.tenantId);
    if (name === 'restaurantId') return fc.constantFrom(...world.restaurantIds);
    if (name === 'tenantGuid') return fc.constant(world.tenantGuid);
    if (name === 'restaurantGuid') return fc.constantFrom(...world.restaurantGuids);
    if (name === 'timezone') return fc.constantFrom('UTC', 'America/New_York', 'Europe/Paris', 'Asia/Tokyo');
    if (name === 'currency') return fc.constantFrom('USD', 'EUR', 'GBP');
    // Image references (a web URL or an optimised-image JSON string) are text to the JSON schema.
    const imageRef =
      /image|logo|^icon$|url$/i.test(name) &&
      (schema.type === 'string' ||
        ((schema.anyOf as JsonSchema[] | undefined) ?? []).some((s) => s.const === ''));
    if (imageRef) return fc.oneof(fc.webUrl({ validSchemes: ['https'], size: 'small' }), fc.constant(''));
    if (name === 'returnUrl')
      return fc.constantFrom('http://localhost:3000/', 'http://localhost:3005/manage/');
    if ((name === 'domain' || name === 'destination') && schema.type === 'string')
      return fc.stringMatching(/^fuzz-[a-z]{2,8}\.example\.com$/);
    // References to catalogue rows (itemId, parentId, taxRateIds, ...): the seeded ids, and a few beyond.
    if (/[a-z]Id$/.test(name) && schema.type === 'integer') return CATALOGUE_ID;
    if (/[a-z]Ids$/.test(name) && schema.type === 'array')
      return fc.uniqueArray(CATALOGUE_ID, { maxLength: 3 });
    return undefined;
  };
}

// Path values just outside a parameter's rule, and ones built to break the router or the database.
const NEAR_VALID_PATH = ['0', '-1', '1.5', '1e3', 'abc', '2147483648', '99999999999999999999', ' 1', 'NaN'];
const HOSTILE_PATH: UrlValue[] = [
  '\u0000',
  'a\u0000b',
  'lone \ud83d',
  '😀'.repeat(25),
  'x'.repeat(5000),
  'Cafe\u0301',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  { raw: '%ZZ' },
  { raw: '%' },
  { raw: '%ED%A0%80' },
  { raw: '%C0%AF' },
  { raw: '%2e%2e' },
  { raw: '..' },
];

const stringValue = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/**
 * The request arbitrary of an endpoint in one flavour. Valid: path values from the world's pools, a body
 * from the body schema. Near-valid: one path value or one body field changed. Hostile: one path value, body
 * field or the whole body replaced by something hostile, or a `__proto__` key added.
 */
export function requestArbitrary(
  endpoint: Endpoint,
  flavour: Flavour,
  world: FuzzWorld,
): fc.Arbitrary<FuzzRequest> {
  const arbitrary = bodyAndUrlArbitrary(endpoint, flavour, world);
  if (endpoint.method !== 'GET') return arbitrary;
  // A GET body is never read: what would have gone into one goes into the query instead.
  return arbitrary.map(({ body, raw, ...request }) => {
    if (body === undefined && raw === undefined) return request;
    const junk = (raw ? raw.text : stringValue(body)).slice(0, 2000);
    return { ...request, query: { ...request.query, junk } };
  });
}

/** An endpoint's request in its parts: the arbitrary of valid ones, and the schemas that changes work from. */
interface RequestShape {
  valid: fc.Arbitrary<Omit<FuzzRequest, 'flavour'>>;
  paramNames: string[];
  querySchema: JsonSchema | undefined;
  bodySchema: JsonSchema | undefined;
}

function bodyAndUrlArbitrary(
  endpoint: Endpoint,
  flavour: Flavour,
  world: FuzzWorld,
): fc.Arbitrary<FuzzRequest> {
  const shape = requestShape(endpoint, world);
  if (flavour === 'valid') return shape.valid.map((parts) => ({ flavour, ...parts }));
  if (flavour === 'near-valid') return nearValidArbitrary(shape);
  return hostileArbitrary(shape);
}

/** Valid requests: path values from the world's pools, the query and the body from their schemas. */
function requestShape(endpoint: Endpoint, world: FuzzWorld): RequestShape {
  const pools = pathPools(world);
  const hints = bodyHints(world);
  const paramsSchema = endpoint.request?.params ? jsonSchemaOf(endpoint.request.params) : undefined;
  const paramNames = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const validParams = fc.record(
    Object.fromEntries(
      paramNames.map((name) => {
        const schema = (paramsSchema?.properties as Record<string, JsonSchema> | undefined)?.[name] ?? {};
        const arbitrary =
          pools[name] ??
          (schema.type === 'integer' || schema.type === 'number' || /Id$/.test(name)
            ? CATALOGUE_ID.map(String)
            : validArbitrary(schema)
                .map(stringValue)
                .filter((value) => value.length > 0));
        return [name, arbitrary as fc.Arbitrary<UrlValue>];
      }),
    ),
  );
  const querySchema = endpoint.request?.query ? jsonSchemaOf(endpoint.request.query) : undefined;
  const validQuery = querySchema
    ? (validArbitrary(querySchema, hints) as fc.Arbitrary<Record<string, unknown>>).map((query) =>
        Object.fromEntries(Object.entries(query).map(([key, value]) => [key, stringValue(value)])),
      )
    : fc.constant({} as Record<string, UrlValue>);
  const bodySchema = endpoint.request?.body ? jsonSchemaOf(endpoint.request.body) : undefined;
  const validBody = bodySchema ? validArbitrary(bodySchema, hints) : fc.constant(undefined);
  const valid = fc.record({ params: validParams, query: validQuery, body: validBody });
  return { valid, paramNames, querySchema, bodySchema };
}

/** Near-valid: one path value, or one body field (the query's when there is no body), changed. */
function nearValidArbitrary({ valid, paramNames, querySchema, bodySchema }: RequestShape) {
  const flavour = 'near-valid' as const;
  return fc
    .tuple(valid, fc.nat(), nearValidKind, fc.nat(), fc.constantFrom(...NEAR_VALID_PATH), fc.boolean())
    .map(([parts, place, kind, pick, pathValue, onPath]): FuzzRequest => {
      if (onPath && paramNames.length > 0) {
        const name = paramNames[place % paramNames.length]!;
        return { flavour, ...parts, params: { ...parts.params, [name]: pathValue } };
      }
      if (!bodySchema) {
        // No body to change: the query, or a body the route does not take.
        if (querySchema) {
          const query = mutateOnce(parts.query, querySchema, place, kind, pick);
          return { flavour, ...parts, query: toQuery(query) };
        }
        return { flavour, ...parts, body: {} };
      }
      return { flavour, ...parts, body: mutateOnce(parts.body, bodySchema, place, kind, pick) };
    });
}

/** Hostile: one path value, query key, body field or the whole body replaced, or a `__proto__` key added. */
function hostileArbitrary({ valid, paramNames }: RequestShape) {
  const flavour = 'hostile' as const;
  return fc
    .tuple(
      valid,
      fc.nat(),
      hostileValue,
      fc.constantFrom(...HOSTILE_PATH),
      rawBody,
      fc.constantFrom('path', 'query', 'field', 'proto', 'raw'),
    )
    .map(([parts, place, hostile, pathValue, raw, target]): FuzzRequest => {
      if (target === 'path' && paramNames.length > 0) {
        const name = paramNames[place % paramNames.length]!;
        return { flavour, ...parts, params: { ...parts.params, [name]: pathValue } };
      }
      if (target === 'query') {
        const keys = ['__proto__', 'constructor', 'a\u0000b', ...Object.keys(parts.query)];
        const query = { ...parts.query };
        Object.defineProperty(query, keys[place % keys.length]!, {
          value: pathValue,
          enumerable: true,
          configurable: true,
          writable: true,
        });
        return { flavour, ...parts, query };
      }
      if (target === 'raw') return { flavour, ...parts, raw };
      const body = parts.body === undefined ? {} : parts.body;
      return { flavour, ...parts, body: poison(body, place, hostile, target === 'proto') };
    });
}

const toQuery = (value: unknown): Record<string, UrlValue> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, stringValue(inner)]))
    : {};

/**
 * Percent-encodes text for a URL. A lone surrogate has no UTF-8 form, so it is sent as the three bytes a
 * careless encoder writes for it (WTF-8), which a decoder must refuse.
 */
export function encodeUrlText(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(index + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(text.slice(index, index + 2));
        index++;
        continue;
      }
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
      continue;
    }
    out += encodeURIComponent(text[index]!);
  }
  return out;
}

const encodeValue = (value: UrlValue) => (typeof value === 'string' ? encodeUrlText(value) : value.raw);

export function urlOf(endpoint: Endpoint, request: FuzzRequest): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeValue(request.params[name] ?? ''),
  );
  const query = Object.entries(request.query)
    .map(([key, value]) => `${encodeUrlText(key)}=${encodeValue(value)}`)
    .join('&');
  return `${API_BASE_PATH}${path === '/' ? '' : path}${query ? `?${query}` : ''}`;
}

export interface Sent {
  status: number;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One request over real HTTP (node:http, so the path goes out exactly as encoded). */
export function send(
  baseUrl: string,
  method: string,
  path: string,
  token: string | null,
  request: Pick<FuzzRequest, 'body' | 'raw'>,
): Promise<Sent> {
  const payload =
    request.raw !== undefined
      ? { text: request.raw.text, contentType: request.raw.contentType }
      : request.body !== undefined
        ? { text: JSON.stringify(request.body), contentType: 'application/json' }
        : undefined;
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        hostname,
        port,
        method,
        path,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': payload.contentType, 'content-length': Buffer.byteLength(payload.text) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload?.text);
  });
}

export const closeAgent = () => agent.destroy();

/** What the server will see of a request, to tell whether its contract accepts it (see the runner). */
export function decodedParts(request: FuzzRequest): {
  params: Record<string, string> | null;
  query: Record<string, string> | null;
  body: { value: unknown } | null;
} {
  const decode = (value: UrlValue): string | null => {
    if (typeof value === 'string') {
      // A lone surrogate arrives as bytes no decoder accepts.
      return /[\ud800-\udfff]/u.test(value) ? null : value;
    }
    try {
      return decodeURIComponent(value.raw);
    } catch {
      return null;
    }
  };
  const decodeAll = (values: Record<string, UrlValue>) => {
    const out: Record<string, string> = Object.create(null);
    for (const [key, value] of Object.entries(values)) {
      const decoded = decode(value);
      if (decoded === null || /[\ud800-\udfff]/u.test(key)) return null;
      out[key] = decoded;
    }
    return out;
  };
  let body: { value: unknown } | null;
  if (request.raw !== undefined) {
    try {
      // Like the server's JSON parser, a leading byte order mark is skipped.
      body =
        request.raw.contentType === 'application/json'
          ? { value: JSON.parse(request.raw.text.replace(/^\ufeff/, '')) }
          : null;
    } catch {
      body = null;
    }
  } else body = { value: request.body === undefined ? undefined : JSON.parse(JSON.stringify(request.body)) };
  return { params: decodeAll(request.params), query: decodeAll(request.query), body };
}
