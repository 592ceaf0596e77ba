import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { sendDatabaseUnavailable } from '../plugins/problem-details';

/**
 * Liveness and readiness for load balancers and orchestrators. /healthz says the process answers;
 * /readyz also says the database answers, so traffic is only sent to instances that can serve it.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ready', database: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database unreachable');
      return sendDatabaseUnavailable(reply);
    }
  });
}
