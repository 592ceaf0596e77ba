import { positiveId } from '@brigade/domain/integers';
import {
  deviceHeaders,
  emailReceiptResultSchema,
  emailReceiptSchema,
  reprintResultSchema,
} from '@brigade/domain/pos/api';
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

const receiptParams = z.object({ orderId: positiveId('Order ID') });

export const printKioskReceipt = defineEndpoint({
  id: 'printKioskReceipt',
  method: 'POST',
  path: '/kiosk/orders/{orderId}/receipt/print',
  summary:
    "Print the receipt of the order this kiosk's guest just paid, on the kiosk's receipt printer (once)",
  description:
    "Only the kiosk's own paid orders, for 15 minutes after they were placed; anything else is 404. 409 when the kiosk has no receipt printer or the receipt was already printed.",
  tags,
  access: { kind: 'public' },
  changes: 'none',
  request: { params: receiptParams, headers: deviceHeaders },
  response: { status: 202, description: 'The receipt is queued', schema: successOf(reprintResultSchema) },
  problems: [404, 409],
});

export const emailKioskReceipt = defineEndpoint({
  id: 'emailKioskReceipt',
  method: 'POST',
  path: '/kiosk/orders/{orderId}/receipt/email',
  summary: "Email the receipt of the order this kiosk's guest just paid (at most 3 times a sale)",
  description:
    "Only the kiosk's own paid orders, for 15 minutes after they were placed; anything else is 404.",
  tags,
  access: { kind: 'public' },
  changes: 'none',
  request: { params: receiptParams, headers: deviceHeaders, body: emailReceiptSchema },
  response: {
    status: 202,
    description: 'The receipt is on its way',
    schema: successOf(emailReceiptResultSchema),
  },
  problems: [400, 404, 429],
});
