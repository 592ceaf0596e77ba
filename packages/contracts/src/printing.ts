import { positiveId } from '@brigade/domain/integers';
import { cloudPrinterLinkSchema, printerConnectionStatusSchema } from '@brigade/domain/printing/api';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { restaurantIdParam, tenantIdParam } from './tenancy-params';

/**
 * Printing from anywhere (docs/behaviour/printing.md): a printer on Star CloudPRNT or Epson Server Direct
 * Print polls the server itself (at `/api/v1/cloud-print/{linkId}`, outside this contract: the printers
 * speak their makers' protocols). Here a manager makes a printer's link and sees how each printer is doing.
 */

const tags = ['printing'];
const base = '/tenants/{tenantId}/restaurants/{restaurantId}';
const params = z.object({ tenantId: tenantIdParam, restaurantId: restaurantIdParam });

export const createPrinterLink = defineEndpoint({
  id: 'createPrinterLink',
  method: 'POST',
  path: `${base}/printers/{printerId}/cloud-link`,
  summary: "Make (or make again) a cloud printer's poll URL and password; the password is shown only once",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  request: { params: params.extend({ printerId: positiveId('Printer ID') }) },
  response: {
    status: 201,
    description: 'What to enter in the printer',
    schema: successOf(cloudPrinterLinkSchema),
  },
  problems: [404, 409],
});

export const listPrinterConnections = defineEndpoint({
  id: 'listPrinterConnections',
  method: 'GET',
  path: `${base}/printer-connections`,
  summary:
    "The restaurant's printers: how each is connected, when a cloud printer last polled and what it said",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params },
  response: {
    status: 200,
    description: 'One entry per printer',
    schema: successOf(z.array(printerConnectionStatusSchema)),
  },
  problems: [404],
});
