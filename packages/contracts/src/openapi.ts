import { SESSION_POLICY } from '@brigade/domain/session-policy';
import { z } from 'zod';
import { API_BASE_PATH, type Endpoint } from './endpoint';
import { problemSchema } from './problem';

type JsonSchema = Record<string, unknown>;

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  0: 'A client error, e.g. 405 (with Allow) for a method the path does not take, 415 for an unsupported body type',
  400: 'The request is invalid; `errors` lists each field with its message',
  401: 'Sign-in required',
  403: 'Signed in, but not allowed to do this',
  404: 'Not found (also answered when the caller may not know whether it exists)',
  409: 'Conflicts with stored data',
  410: 'Gone for good (a used, withdrawn or expired link)',
  415: 'The body is not of a type the operation accepts (JSON operations take application/json)',
  429: 'Too many requests; retry after the Retry-After header',
  500: 'Unexpected error; the detail carries no internals, the log has the request id',
};

type ToSchema = (schema: z.ZodType, io: 'input' | 'output') => JsonSchema;

/**
 * Generates the OpenAPI 3.1 document from the contracts. OpenAPI 3.1 schemas are JSON Schema 2020-12, which
 * zod 4 emits natively; Date values (stored timestamps) are documented as date-time strings, which is how
 * they are serialised.
 */
export function buildOpenApiDocument(
  endpoints: readonly Endpoint[],
  info: { title: string; version: string },
) {
  const { toSchema, named } = schemaConverter();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = API_BASE_PATH + (endpoint.path === '/' ? '' : endpoint.path);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operationOf(endpoint, toSchema);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    // The paths carry the /api/v1 prefix, so the server is the origin that serves this document.
    servers: [{ url: '/', description: 'The Brigade server that serves this document' }],
    // Signed-in operations take the session token as a bearer token or in the session cookie; public
    // operations say `security: []`.
    security: [{ bearerToken: [] }, { sessionCookie: [] }],
    paths,
    components: {
      // the Problem schema first, then the named schemas in the order the operations met them
      schemas: { Problem: stripDialect(toSchema(problemSchema, 'output')), ...named },
      securitySchemes: {
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The session token that sign-in answers, as `Authorization: Bearer <token>`',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_POLICY.cookieName,
          description: 'The HttpOnly session cookie sign-in sets (browsers)',
        },
      },
    },
  };
}

/**
 * zod schemas as JSON Schema. Named (recursive) schemas: zod emits them under the schema's own $defs; the
 * document keeps them once, in components.schemas (`named`), and every reference points there.
 */
function schemaConverter(): { toSchema: ToSchema; named: Record<string, JsonSchema> } {
  const named: Record<string, JsonSchema> = {};
  const rawSchema: ToSchema = (schema, io) =>
    z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      override: (ctx) => {
        const type = ctx.zodSchema._zod.def.type;
        if (type === 'date') {
          ctx.jsonSchema.type = 'string';
          ctx.jsonSchema.format = 'date-time';
        }
        // A field that must be absent (e.g. an item's orderingRules): no value is valid, not every value.
        if (type === 'undefined') ctx.jsonSchema.not = {};
      },
    }) as JsonSchema;
  const toSchema: ToSchema = (schema, io) => {
    const { $defs, ...json } = rawSchema(schema, io);
    for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>))
      named[name] ??= withoutImpossible(pointToComponents(definition)) as JsonSchema;
    return withoutImpossible(pointToComponents(json)) as JsonSchema;
  };
  return { toSchema, named };
}

/** One endpoint as an OpenAPI operation: parameters, body, its response and its problems, security. */
function operationOf(endpoint: Endpoint, toSchema: ToSchema): Record<string, unknown> {
  const operation: Record<string, unknown> = {
    operationId: endpoint.id,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: endpoint.tags,
    'x-brigade-access': endpoint.access,
    parameters: [
      ...parametersOf(endpoint.request?.params, 'path', toSchema),
      ...parametersOf(endpoint.request?.query, 'query', toSchema),
      ...parametersOf(endpoint.request?.headers, 'header', toSchema),
    ],
    ...(endpoint.request?.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: stripDialect(toSchema(endpoint.request.body, 'input')) },
            },
          },
        }
      : {}),
    responses: {
      [endpoint.response.status]: {
        description: endpoint.response.description,
        ...(endpoint.response.schema
          ? {
              content: {
                'application/json': { schema: stripDialect(toSchema(endpoint.response.schema, 'input')) },
              },
            }
          : {}),
      },
      ...problemResponses(endpoint),
    },
  };
  // Signed-in operations inherit the document's security; public ones need none.
  if (endpoint.access.kind === 'public') operation.security = [];
  return operation;
}

function problemResponses(endpoint: Endpoint) {
  const statuses = new Set<number>([500, ...(endpoint.problems ?? [])]);
  if (endpoint.request) statuses.add(400);
  if (endpoint.request?.body) statuses.add(415);
  if (endpoint.access.kind !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  // A write may be refused as cross-site (identity plugin): 403 even where no sign-in is needed.
  if (endpoint.method !== 'GET') statuses.add(403);
  const problem = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
  const responses: Record<string, unknown> = {};
  for (const status of [...statuses].sort()) {
    responses[status] = { description: PROBLEM_DESCRIPTIONS[status] ?? 'Problem', content: problem };
  }
  // Every operation documents its client errors; one without a specific one still has the generic ones.
  if (![...statuses].some((status) => status >= 400 && status < 500))
    responses['4XX'] = { description: PROBLEM_DESCRIPTIONS[0], content: problem };
  return responses;
}

function parametersOf(
  schema: z.ZodType | undefined,
  location: 'path' | 'query' | 'header',
  toSchema: ToSchema,
) {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

/** Rewrites zod's local `#/$defs/X` references to the document's `#/components/schemas/X`. */
function pointToComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointToComponents);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
        ? `#/components/schemas/${inner.slice('#/$defs/'.length)}`
        : pointToComponents(inner);
  }
  return out;
}

const isImpossible = (value: unknown) =>
  !!value && typeof value === 'object' && JSON.stringify(value) === '{"not":{}}';

/**
 * A field that must be absent comes out of zod as `{ not: {} }`. Inside `anyOf` that branch is dropped (an
 * alternative nothing matches); as a property it becomes the schema `false`, which generated clients type as
 * `never`.
 */
function withoutImpossible(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutImpossible);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'properties') {
      out[key] = Object.fromEntries(
        Object.entries(inner as Record<string, unknown>).map(([name, property]) => [
          name,
          isImpossible(property) ? false : withoutImpossible(property),
        ]),
      );
    } else if (key === 'anyOf' && Array.isArray(inner)) {
      out[key] = inner.filter((branch) => !isImpossible(branch)).map(withoutImpossible);
    } else out[key] = withoutImpossible(inner);
  }
  const anyOf = out.anyOf as unknown[] | undefined;
  if (anyOf?.length === 1 && Object.keys(out).length === 1) return anyOf[0];
  return out;
}

function stripDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
