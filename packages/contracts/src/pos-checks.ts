import { positiveId } from '@brigade/domain/integers';
import { deviceHeaders, posOrderSchema } from '@brigade/domain/pos/api';
import {
  addCheckLinesSchema,
  checkSchema,
  discountCheckLineSchema,
  moveCheckSchema,
  openCheckSchema,
  payCheckCardSchema,
  payCheckKeyedSchema,
  payCheckSchema,
  removeCheckLineSchema,
  sendCheckSchema,
  voidCheckLineSchema,
} from '@brigade/domain/pos/checks';
import {
  diningRoomInputSchema,
  diningRoomSchema,
  diningTableInputSchema,
  diningTableSchema,
  floorSchema,
} from '@brigade/domain/pos/floor';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { GATEWAY_PROBLEMS, idempotency, idempotencyHeaders } from './payments-shared';
import { restaurantIdParam, tenantIdParam } from './tenancy-params';

/**
 * Open checks and the floor plan (docs/behaviour/pos.md#open-checks, decision 055). Register calls carry
 * the device's token (`X-Pos-Device`) beside the staff member's session; a check is an order of channel
 * `pos` kept `open`, and every change names the version it saw (409 when another register changed it).
 */

const tags = ['pos'];
const base = '/tenants/{tenantId}/restaurants/{restaurantId}';
const params = z.object({ tenantId: tenantIdParam, restaurantId: restaurantIdParam });
export const checkParams = params.extend({ orderId: positiveId('Order ID') });
const lineParams = checkParams.extend({ lineId: positiveId('Line ID') });
const roomParams = params.extend({ roomId: positiveId('Room ID') });
const tableParams = params.extend({ tableId: positiveId('Table ID') });
export const checkAnswer = { status: 200 as const, description: 'The check', schema: successOf(checkSchema) };
const employee = { kind: 'tenant' as const, role: 'employee' as const };
const manager = { kind: 'tenant' as const, role: 'manager' as const };
export const APPROVAL =
  "Above the register's limit (time-clock settings: `approvalLimit` cents, `approvalLimitPercent` for discounts) a manager approves: the one at the register, or `managerPasscode` typed for it (403 otherwise).";
export const CHANGED =
  'A stale `version` is 409 "This check was changed on another terminal: refresh it and try again".';

export const openPosCheck = defineEndpoint({
  id: 'openPosCheck',
  method: 'POST',
  path: `${base}/pos/checks`,
  summary: 'Open a check on a table, as a named tab or a counter order; its lines wait until sent',
  description: `${idempotency}`,
  tags,
  access: employee,
  changes: 'none',
  request: { params, body: openCheckSchema, headers: deviceHeaders.extend(idempotencyHeaders.shape) },
  response: { status: 201, description: 'The check', schema: successOf(checkSchema) },
  problems: [404, 409],
});

export const listPosChecks = defineEndpoint({
  id: 'listPosChecks',
  method: 'GET',
  path: `${base}/pos/checks`,
  summary: "The restaurant's open checks, from every register, oldest first",
  tags,
  access: employee,
  request: { params, headers: deviceHeaders },
  response: { status: 200, description: 'The open checks', schema: successOf(z.array(checkSchema)) },
  problems: [404],
});

export const getPosCheck = defineEndpoint({
  id: 'getPosCheck',
  method: 'GET',
  path: `${base}/pos/checks/{orderId}`,
  summary: 'One check (open or paid) with its version, lines, seats, courses and voids',
  tags,
  access: employee,
  request: { params: checkParams, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404],
});

export const addPosCheckLines = defineEndpoint({
  id: 'addPosCheckLines',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/lines`,
  summary: 'Ring lines onto an open check (seat, course); they wait until sent',
  description: CHANGED,
  tags,
  access: employee,
  changes: 'none',
  request: { params: checkParams, body: addCheckLinesSchema, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404, 409],
});

export const removePosCheckLine = defineEndpoint({
  id: 'removePosCheckLine',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/lines/{lineId}/remove`,
  summary: 'Take an unsent line off an open check (a sent one is voided by a manager)',
  description: CHANGED,
  tags,
  access: employee,
  changes: 'none',
  request: { params: lineParams, body: removeCheckLineSchema, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404, 409],
});

export const voidPosCheckLine = defineEndpoint({
  id: 'voidPosCheckLine',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/lines/{lineId}/void`,
  summary: 'Void a sent line of an open check, with a reason (a manager above the limit)',
  description: `${CHANGED} ${APPROVAL}`,
  tags,
  access: employee,
  changes: 'none',
  // a manager's passcode is counted against the register in a transaction of its own
  outside: true,
  request: { params: lineParams, body: voidCheckLineSchema, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404, 409],
});

export const discountPosCheckLine = defineEndpoint({
  id: 'discountPosCheckLine',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/lines/{lineId}/discount`,
  summary: 'Discount or comp a line of an open check by an amount or a percentage, with a reason',
  description: `${CHANGED} A value of 0 takes the discount off. ${APPROVAL}`,
  tags,
  access: employee,
  changes: 'none',
  outside: true,
  request: { params: lineParams, body: discountCheckLineSchema, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404, 409],
});

export const sendPosCheck = defineEndpoint({
  id: 'sendPosCheck',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/send`,
  summary: 'Send (fire) the unsent lines, or only the courses named, to the kitchen as one round',
  description: `${CHANGED} The round's kitchen tickets are queued with it; the courses not named are held.`,
  tags,
  access: employee,
  changes: 'none',
  request: { params: checkParams, body: sendCheckSchema, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404, 409],
});

export const fireNextPosCourse = defineEndpoint({
  id: 'fireNextPosCourse',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/fire-next`,
  summary: 'Fire the next course (in firing order) that still waits',
  description: CHANGED,
  tags,
  access: employee,
  changes: 'none',
  request: { params: checkParams, body: removeCheckLineSchema, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404, 409],
});

export const payPosCheck = defineEndpoint({
  id: 'payPosCheck',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/pay`,
  summary: 'Pay an open check in cash on any register: it becomes a sale (what was unsent is sent)',
  description: `${idempotency} ${CHANGED} A check already paid is 409 "This check is already paid". With \`amount\` below the balance (split tender) the cash pays that part and the check stays open (\`status: "open"\`) with the rest to pay.`,
  tags,
  access: employee,
  changes: 'none',
  request: {
    params: checkParams,
    body: payCheckSchema,
    headers: deviceHeaders.extend(idempotencyHeaders.shape),
  },
  response: { status: 201, description: 'The sale', schema: successOf(posOrderSchema) },
  problems: [404, 409],
});

export const payPosCheckByCard = defineEndpoint({
  id: 'payPosCheckByCard',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/pay/card`,
  summary: "Pay an open check's balance by card on this register's terminal (tip on the terminal)",
  description: `${idempotency} ${CHANGED} A check changed or paid on another register while the terminal waited is refused and the charge voided.`,
  tags,
  access: employee,
  changes: 'none',
  // the terminal waits for the shopper: the steps are short transactions of their own
  outside: true,
  request: {
    params: checkParams,
    body: payCheckCardSchema,
    headers: deviceHeaders.extend(idempotencyHeaders.shape),
  },
  response: { status: 201, description: 'The sale', schema: successOf(posOrderSchema) },
  problems: [402, 404, ...GATEWAY_PROBLEMS],
});

export const payPosCheckKeyed = defineEndpoint({
  id: 'payPosCheckKeyed',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/pay/keyed`,
  summary:
    "Pay an open check's balance with a card keyed into the hosted card-entry frame (its token, never its number)",
  description: `${idempotency} ${CHANGED} The gateway authorises and captures the balance and the tip; a decline is 402 with the issuer's words and the check stays open. A gateway that does not answer is 504 and the payment is checked by the sweep.`,
  tags,
  access: employee,
  changes: 'none',
  // the gateway's answer is awaited between the steps' short transactions
  outside: true,
  request: {
    params: checkParams,
    body: payCheckKeyedSchema,
    headers: deviceHeaders.extend(idempotencyHeaders.shape),
  },
  response: { status: 201, description: 'The sale', schema: successOf(posOrderSchema) },
  problems: [402, 404, ...GATEWAY_PROBLEMS],
});

export const closePosCheck = defineEndpoint({
  id: 'closePosCheck',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/close`,
  summary: 'Close a check with nothing sent to the kitchen: it frees its table and is no sale',
  description: CHANGED,
  tags,
  access: employee,
  changes: 'none',
  request: { params: checkParams, body: removeCheckLineSchema, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404, 409],
});

export const handBackPosCheckPayments = defineEndpoint({
  id: 'handBackPosCheckPayments',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/hand-back`,
  summary:
    'Hand back what was paid toward an open check (split tender), a manager’s: the cash from the drawer, each card that paid a part voided or refunded; it stays open',
  description: `${CHANGED} Nothing paid is 409 "Nothing has been paid toward this check".`,
  tags,
  access: employee,
  changes: 'none',
  outside: true,
  request: { params: checkParams, body: removeCheckLineSchema, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404, 409, ...GATEWAY_PROBLEMS],
});

export const movePosCheck = defineEndpoint({
  id: 'movePosCheck',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/move`,
  summary: 'Seat an open check at another table (or none)',
  description: CHANGED,
  tags,
  access: employee,
  changes: 'none',
  request: { params: checkParams, body: moveCheckSchema, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404, 409],
});

export const getPosFloor = defineEndpoint({
  id: 'getPosFloor',
  method: 'GET',
  path: `${base}/pos/floor`,
  summary: "The floor plan with each table's state: free, or its open check's total and time seated",
  tags,
  access: employee,
  request: { params, headers: deviceHeaders },
  response: { status: 200, description: 'The floor', schema: successOf(floorSchema) },
  problems: [404],
});

export const listDiningRooms = defineEndpoint({
  id: 'listDiningRooms',
  method: 'GET',
  path: `${base}/dining-rooms`,
  summary: "The restaurant's dining rooms and their tables",
  tags,
  access: employee,
  request: { params },
  response: { status: 200, description: 'The rooms', schema: successOf(z.array(diningRoomSchema)) },
  problems: [404],
});

export const createDiningRoom = defineEndpoint({
  id: 'createDiningRoom',
  method: 'POST',
  path: `${base}/dining-rooms`,
  summary: 'Add a dining room',
  tags,
  access: manager,
  changes: 'none',
  request: { params, body: diningRoomInputSchema },
  response: { status: 201, description: 'The room', schema: successOf(diningRoomSchema) },
  problems: [404],
});

export const updateDiningRoom = defineEndpoint({
  id: 'updateDiningRoom',
  method: 'PUT',
  path: `${base}/dining-rooms/{roomId}`,
  summary: 'Rename or reorder a dining room',
  tags,
  access: manager,
  changes: 'none',
  request: { params: roomParams, body: diningRoomInputSchema },
  response: { status: 200, description: 'The room', schema: successOf(diningRoomSchema) },
  problems: [404],
});

export const deleteDiningRoom = defineEndpoint({
  id: 'deleteDiningRoom',
  method: 'DELETE',
  path: `${base}/dining-rooms/{roomId}`,
  summary: 'Remove a dining room and its tables',
  tags,
  access: manager,
  changes: 'none',
  request: { params: roomParams },
  response: {
    status: 200,
    description: 'Deleted',
    schema: successOf(z.object({ deleted: z.literal(true) })),
  },
  problems: [404],
});

export const createDiningTable = defineEndpoint({
  id: 'createDiningTable',
  method: 'POST',
  path: `${base}/dining-tables`,
  summary: 'Add a table to a dining room (name, seats, shape, position)',
  tags,
  access: manager,
  changes: 'none',
  request: { params, body: diningTableInputSchema },
  response: { status: 201, description: 'The table', schema: successOf(diningTableSchema) },
  problems: [404],
});

export const updateDiningTable = defineEndpoint({
  id: 'updateDiningTable',
  method: 'PUT',
  path: `${base}/dining-tables/{tableId}`,
  summary: 'Change a table: name, seats, shape, room or place on the plan',
  tags,
  access: manager,
  changes: 'none',
  request: { params: tableParams, body: diningTableInputSchema },
  response: { status: 200, description: 'The table', schema: successOf(diningTableSchema) },
  problems: [404],
});

export const deleteDiningTable = defineEndpoint({
  id: 'deleteDiningTable',
  method: 'DELETE',
  path: `${base}/dining-tables/{tableId}`,
  summary: 'Remove a table (not while it has an open check)',
  tags,
  access: manager,
  changes: 'none',
  request: { params: tableParams },
  response: {
    status: 200,
    description: 'Deleted',
    schema: successOf(z.object({ deleted: z.literal(true) })),
  },
  problems: [404, 409],
});
