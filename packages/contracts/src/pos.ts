import { positiveId } from '@brigade/domain/integers';
import {
  cashMovementSchema,
  closeDrawerSchema,
  closeOutQuerySchema,
  closeOutSchema,
  currentDrawerSchema,
  deviceHeaders,
  drawerSessionSchema,
  emailReceiptResultSchema,
  emailReceiptSchema,
  openDrawerSchema,
  pairDeviceSchema,
  pairedDeviceSchema,
  placePosOrderSchema,
  posDeviceSchema,
  posOrderSchema,
  registerSchema,
  reprintResultSchema,
  voidPosOrderSchema,
} from '@brigade/domain/pos/api';
import { syncAnswerSchema, syncSalesSchema } from '@brigade/domain/pos/sync';
import { pairTerminalSchema, placePosCardOrderSchema } from '@brigade/domain/pos/terminal';
import { addTipSchema } from '@brigade/domain/pos/tips';
import { queryTime } from '@brigade/domain/query-dates';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { GATEWAY_PROBLEMS, idempotency, idempotencyHeaders } from './payments-shared';
import { restaurantIdParam, tenantIdParam } from './tenancy-params';

/**
 * The register (docs/behaviour/pos.md). A manager pairs a device with a restaurant once; the device keeps
 * the token it is given and sends it (`X-Pos-Device`) with every register call, next to the signed-in
 * staff member's session. Unpairing a device stops it at once. Sales are orders (channel `pos`).
 */

const tags = ['pos'];
const base = '/tenants/{tenantId}/restaurants/{restaurantId}';
const params = z.object({ tenantId: tenantIdParam, restaurantId: restaurantIdParam });
const deviceParams = params.extend({ deviceId: positiveId('Device ID') });

export const pairPosDevice = defineEndpoint({
  id: 'pairPosDevice',
  method: 'POST',
  path: `${base}/pos/devices`,
  summary: 'Pair a device as a register of the restaurant; the answer carries its token, shown only once',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  request: { params, body: pairDeviceSchema },
  response: { status: 201, description: 'The device and its token', schema: successOf(pairedDeviceSchema) },
  problems: [404],
});

export const listPosDevices = defineEndpoint({
  id: 'listPosDevices',
  method: 'GET',
  path: `${base}/pos/devices`,
  summary: "The restaurant's registers, paired and unpaired",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params },
  response: { status: 200, description: 'The devices', schema: successOf(z.array(posDeviceSchema)) },
  problems: [404],
});

export const revokePosDevice = defineEndpoint({
  id: 'revokePosDevice',
  method: 'DELETE',
  path: `${base}/pos/devices/{deviceId}`,
  summary: 'Unpair a register: its token stops working at once',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  request: { params: deviceParams },
  response: { status: 200, description: 'The device, unpaired', schema: successOf(posDeviceSchema) },
  problems: [404],
});

export const getRegister = defineEndpoint({
  id: 'getRegister',
  method: 'GET',
  path: `${base}/pos/register`,
  summary: 'What a paired register sells: the POS menus, tax rules and the device',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params, headers: deviceHeaders },
  response: { status: 200, description: 'The register', schema: successOf(registerSchema) },
  problems: [404],
});

export const placePosOrder = defineEndpoint({
  id: 'placePosOrder',
  method: 'POST',
  path: `${base}/pos/orders`,
  summary: 'Ring up a sale paid in cash: the order goes to the kitchen and the cash drawer opens',
  description: `${idempotency} Priced on the server from the catalogue; the order, its tender, its kitchen tickets, the drawer kick and its ledger lines are written together.`,
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  request: { params, body: placePosOrderSchema, headers: deviceHeaders.extend(idempotencyHeaders.shape) },
  response: { status: 201, description: 'The sale', schema: successOf(posOrderSchema) },
  problems: [404, 409],
});

export const syncPosOrders = defineEndpoint({
  id: 'syncPosOrders',
  method: 'POST',
  path: `${base}/pos/orders/sync`,
  summary: "Record a batch of a register's offline cash sales, in order, each once",
  description:
    'Each sale is what `POST …/pos/orders` takes, with its own Idempotency-Key, and is refused on its own or recorded with the others (every sale is checked before any is written; the batch is written in one transaction): one result per sale, 201 with the sale or the status and problem the single call would have answered. The batch stops at the first refusal that may change (anything but 400 and 422); the sales after it have no result and are sent again later.',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  request: { params, body: syncSalesSchema, headers: deviceHeaders },
  response: { status: 200, description: 'One result per sale tried', schema: successOf(syncAnswerSchema) },
  problems: [404, 409],
});

export const reprintPosReceipt = defineEndpoint({
  id: 'reprintPosReceipt',
  method: 'POST',
  path: `${base}/pos/orders/{orderId}/receipt`,
  summary: "Print a register sale's receipt again on this register's printer",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  request: { params: params.extend({ orderId: positiveId('Order ID') }), headers: deviceHeaders },
  response: { status: 202, description: 'The receipt is queued', schema: successOf(reprintResultSchema) },
  problems: [404, 409],
});

export const emailPosReceipt = defineEndpoint({
  id: 'emailPosReceipt',
  method: 'POST',
  path: `${base}/pos/orders/{orderId}/receipt/email`,
  summary: "Email a register sale's receipt to the guest (at most 3 times a sale)",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  request: {
    params: params.extend({ orderId: positiveId('Order ID') }),
    headers: deviceHeaders,
    body: emailReceiptSchema,
  },
  response: {
    status: 202,
    description: 'The receipt is on its way',
    schema: successOf(emailReceiptResultSchema),
  },
  problems: [400, 404, 409, 429],
});

export const getDrawer = defineEndpoint({
  id: 'getDrawer',
  method: 'GET',
  path: `${base}/pos/drawer`,
  summary: "This register's open cash drawer session, blind (no expected amount), or null",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params, headers: deviceHeaders },
  response: { status: 200, description: 'The session', schema: successOf(currentDrawerSchema) },
  problems: [404],
});

export const openDrawer = defineEndpoint({
  id: 'openDrawer',
  method: 'POST',
  path: `${base}/pos/drawer`,
  summary: "Open this register's cash drawer session with its float",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  request: { params, body: openDrawerSchema, headers: deviceHeaders },
  response: { status: 201, description: 'The session', schema: successOf(drawerSessionSchema) },
  problems: [404, 409],
});

export const addCashMovement = defineEndpoint({
  id: 'addCashMovement',
  method: 'POST',
  path: `${base}/pos/drawer/movements`,
  summary: 'A pay-in or pay-out of the open drawer, with its reason',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  request: { params, body: cashMovementSchema, headers: deviceHeaders },
  response: { status: 201, description: 'The session', schema: successOf(drawerSessionSchema) },
  problems: [404, 409],
});

export const closeDrawer = defineEndpoint({
  id: 'closeDrawer',
  method: 'POST',
  path: `${base}/pos/drawer/close`,
  summary: 'Close the drawer with a blind count: the answer says what it should have held and the difference',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  request: { params, body: closeDrawerSchema, headers: deviceHeaders },
  response: { status: 200, description: 'The closed session', schema: successOf(drawerSessionSchema) },
  problems: [404, 409],
});

export const listDrawerSessions = defineEndpoint({
  id: 'listDrawerSessions',
  method: 'GET',
  path: `${base}/pos/drawer-sessions`,
  summary: "A business day's cash drawer sessions of every register, with expected amounts and over/short",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: {
    params,
    query: z.object({ date: queryTime('date', 'date', 'date must be YYYY-MM-DD').optional() }),
  },
  response: { status: 200, description: 'The sessions', schema: successOf(z.array(drawerSessionSchema)) },
  problems: [404],
});

export const voidPosOrder = defineEndpoint({
  id: 'voidPosOrder',
  method: 'POST',
  path: `${base}/pos/orders/{orderId}/void`,
  summary: 'Void a register sale with a reason: it is cancelled and its cash handed back from this drawer',
  description:
    'Managers and above; on a register unlocked by passcode, the employee at it must be able to manage others (the use-case decides).',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  // a card sale's money goes back at the gateway: its steps are short transactions of their own
  outside: true,
  request: {
    params: params.extend({ orderId: positiveId('Order ID') }),
    body: voidPosOrderSchema,
    headers: deviceHeaders,
  },
  response: { status: 200, description: 'The voided sale', schema: successOf(posOrderSchema) },
  problems: [404, ...GATEWAY_PROBLEMS],
});

export const addPosSaleTip = defineEndpoint({
  id: 'addPosSaleTip',
  method: 'POST',
  path: `${base}/pos/orders/{orderId}/tip`,
  summary:
    "Add the tip written on a signed receipt to a register sale's card: the card, authorised only, is captured with it",
  description: `${idempotency} Only a card waiting for its tip (the restaurant takes card tips on the receipt; decision 068). A tip of 0 captures the card as it is; a tip over 25% of the authorised amount is refused (void the sale and take the payment again). A declined capture answers 402 and adds nothing.`,
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  outside: true,
  request: {
    params: params.extend({ orderId: positiveId('Order ID') }),
    body: addTipSchema,
    headers: deviceHeaders.extend(idempotencyHeaders.shape),
  },
  response: { status: 200, description: 'The sale with its tip', schema: successOf(posOrderSchema) },
  problems: [402, 404, ...GATEWAY_PROBLEMS],
});

export const getCloseOut = defineEndpoint({
  id: 'getCloseOut',
  method: 'GET',
  path: `${base}/reports/close-out`,
  summary:
    "A business day's close-out: each staff member's sales, tips, cash and card from the ledger, the drawers with over/short, cash outside a drawer",
  tags: ['pos', 'reports'],
  access: { kind: 'tenant', role: 'manager' },
  request: { params, query: closeOutQuerySchema },
  response: { status: 200, description: 'The close-out', schema: successOf(closeOutSchema) },
  problems: [400, 404],
});

export const listPosOrders = defineEndpoint({
  id: 'listPosOrders',
  method: 'GET',
  path: `${base}/pos/orders`,
  summary: "Today's register sales of the restaurant, newest first",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params, headers: deviceHeaders },
  response: { status: 200, description: 'The sales', schema: successOf(z.array(posOrderSchema)) },
  problems: [404],
});

// --- Card-present payments (docs/behaviour/pos.md#paying-by-card, decision 052) -------------------------

export const pairPosTerminal = defineEndpoint({
  id: 'pairPosTerminal',
  method: 'PUT',
  path: `${base}/pos/devices/{deviceId}/terminal`,
  summary:
    'Pair a CardPointe terminal (its HSN and the terminal API key, which is never shown again) to a register',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  request: { params: deviceParams, body: pairTerminalSchema },
  response: { status: 200, description: 'The register', schema: successOf(posDeviceSchema) },
  problems: [404, 409],
});

export const unpairPosTerminal = defineEndpoint({
  id: 'unpairPosTerminal',
  method: 'DELETE',
  path: `${base}/pos/devices/{deviceId}/terminal`,
  summary: "Unpair a register's card terminal (its API key is forgotten)",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  request: { params: deviceParams },
  response: { status: 200, description: 'The register', schema: successOf(posDeviceSchema) },
  problems: [404],
});

export const placePosCardOrder = defineEndpoint({
  id: 'placePosCardOrder',
  method: 'POST',
  path: `${base}/pos/orders/card`,
  summary:
    "Ring up a sale paid by card on the register's terminal (tip on the terminal when the restaurant takes tips)",
  description: `${idempotency} The terminal waits for the card (up to about 2.5 minutes); a declined card answers 402 with the issuer's words and nothing is recorded as paid.`,
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  outside: true,
  request: { params, body: placePosCardOrderSchema, headers: deviceHeaders.extend(idempotencyHeaders.shape) },
  response: { status: 201, description: 'The sale', schema: successOf(posOrderSchema) },
  problems: [402, 404, ...GATEWAY_PROBLEMS],
});

export const cancelPosTerminal = defineEndpoint({
  id: 'cancelPosTerminal',
  method: 'POST',
  path: `${base}/pos/terminal/cancel`,
  summary:
    "Cancel what the register's card terminal is waiting for (the card sale in progress answers cancelled)",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  outside: true,
  request: { params, headers: deviceHeaders },
  response: {
    status: 200,
    description: 'Whether the terminal took the cancel',
    schema: successOf(z.object({ cancelled: z.boolean() })),
  },
  problems: [404, 409],
});
