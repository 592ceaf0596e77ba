import * as contract from '@brigade/contracts/printing';
import { createPrinterLink, listPrinterConnections } from '@brigade/core/printing/index';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

/** Printing from anywhere (docs/behaviour/printing.md): a cloud printer's link, every printer's connection. */

/** Where printers reach this server: PUBLIC_URL, else the address the manager's request came to. */
const originOf = (deps: AppDeps, request: FastifyRequest) =>
  (deps.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

export const printingRoutes = [
  implement(contract.createPrinterLink, async ({ params, actor, deps, request }) =>
    success(
      await createPrinterLink({ db: deps.database.db, publicOrigin: originOf(deps, request) }, actor, params),
    ),
  ),
  implement(contract.listPrinterConnections, async ({ params, actor, deps, request }) =>
    success(
      await listPrinterConnections(
        { db: deps.database.db, publicOrigin: originOf(deps, request) },
        actor,
        params,
      ),
    ),
  ),
];
