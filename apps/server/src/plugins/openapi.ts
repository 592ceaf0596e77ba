import type { Endpoint } from '@brigade/contracts/endpoint';
import { buildOpenApiDocument } from '@brigade/contracts/openapi';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { apiReferencePolicy } from './security-headers';

/**
 * Serves the generated OpenAPI 3.1 document and a reference page for people. The document is made on its
 * first request (issue 20: making it is ~0.3–1 s of JSON Schema generation that start-up need not wait for):
 * the object handed to @fastify/swagger is filled in place before either route reads it.
 */
export async function registerOpenApi(app: FastifyInstance, endpoints: readonly Endpoint[], version: string) {
  const document: Record<string, unknown> = {};
  let built = false;
  const ensureDocument = () => {
    if (!built) {
      Object.assign(document, buildOpenApiDocument(endpoints, { title: 'Brigade API', version }));
      built = true;
    }
    return document;
  };
  app.get('/api/v1/openapi.json', { logLevel: 'warn' }, async () => ensureDocument());
  await app.register(swagger, { mode: 'static', specification: { document } } as never);
  // Swagger UI sets style attributes and data: icons: its pages get their own policy (decision 017).
  await app.register(swaggerUi, {
    routePrefix: '/api/v1/docs',
    uiConfig: { deepLinking: true },
    staticCSP: apiReferencePolicy(),
    // its /json and /yaml routes read the document
    uiHooks: {
      onRequest: (_request, _reply, done) => {
        ensureDocument();
        done();
      },
    },
  });
}
