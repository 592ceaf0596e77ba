import type { Endpoint } from '@brigade/contracts/endpoint';
import { buildOpenApiDocument } from '@brigade/contracts/openapi';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { apiReferencePolicy } from './security-headers';

/** Serves the generated OpenAPI 3.1 document and a reference page for people. */
export async function registerOpenApi(app: FastifyInstance, endpoints: readonly Endpoint[], version: string) {
  const document = buildOpenApiDocument(endpoints, { title: 'Brigade API', version });
  app.get('/api/v1/openapi.json', { logLevel: 'warn' }, async () => document);
  await app.register(swagger, { mode: 'static', specification: { document } } as never);
  // Swagger UI sets style attributes and data: icons: its pages get their own policy (decision 017).
  await app.register(swaggerUi, {
    routePrefix: '/api/v1/docs',
    uiConfig: { deepLinking: true },
    staticCSP: apiReferencePolicy(),
  });
}
