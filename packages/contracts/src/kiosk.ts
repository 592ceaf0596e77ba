import { deviceHeaders } from '@brigade/domain/pos/api';
import { kioskMenuSchema, kioskOrderSchema, placeKioskOrderSchema } from '@brigade/domain/pos/kiosk';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { GATEWAY_PROBLEMS, idempotency, idempotencyHeaders } from './payments-shared';

/**
 * The self-order kiosk (docs/behaviour/kiosk.md, decision 059). No one signs in on a kiosk: the device token
 * a manager's pairing gave it (`X-Pos-Device`, a device paired in kiosk mode) is its only identity and names
 * its restaurant, so these paths name no tenant. A kiosk reads its menu and places orders; nothing else.
 */

const tags = ['kiosk'];

export const getKioskMenu = defineEndpoint({
  id: 'getKioskMenu',
  method: 'GET',
  path: '/kiosk/menu',
  summary: 'What a paired kiosk offers now: the menus visible in the kiosk, their kiosk items, tax rules',
  tags,
  access: { kind: 'public' },
  request: { headers: deviceHeaders },
  response: { status: 200, description: 'The kiosk menu', schema: successOf(kioskMenuSchema) },
  problems: [404, 409],
});

export const placeKioskOrder = defineEndpoint({
  id: 'placeKioskOrder',
  method: 'POST',
  path: '/kiosk/orders',
  summary: "Place a guest's order from the kiosk, to pay at the counter or by card on the kiosk's terminal",
  description: `${idempotency} Priced on the server from the kiosk menu; the order waits at the registers as an open check (channel kiosk) until the counter takes payment, which sends it to the kitchen; paid by card on the kiosk's terminal, it is paid and sent at once. Each kiosk may place KIOSK_ORDERS_PER_DEVICE (30) new orders per 15 minutes; then 429 with Retry-After.`,
  tags,
  access: { kind: 'public' },
  changes: 'none',
  outside: true,
  request: { body: placeKioskOrderSchema, headers: deviceHeaders.extend(idempotencyHeaders.shape) },
  response: {
    status: 201,
    description: 'The order, for the confirmation screen',
    schema: successOf(kioskOrderSchema),
  },
  problems: [409, 422, 429, ...GATEWAY_PROBLEMS],
});

export const cancelKioskTerminal = defineEndpoint({
  id: 'cancelKioskTerminal',
  method: 'POST',
  path: '/kiosk/terminal/cancel',
  summary: "Cancel what the kiosk's card terminal waits for (the guest's card)",
  tags,
  access: { kind: 'public' },
  changes: 'none',
  outside: true,
  request: { headers: deviceHeaders },
  response: {
    status: 200,
    description: 'Whether the terminal was reached',
    schema: successOf(z.object({ cancelled: z.boolean() })),
  },
  problems: [409, ...GATEWAY_PROBLEMS],
});
