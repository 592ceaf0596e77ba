import { positiveId } from '@brigade/domain/integers';
import { bumpResultSchema, expoBoardSchema, kitchenBoardSchema } from '@brigade/domain/ordering/kitchen';
import { deviceHeaders } from '@brigade/domain/pos/api';
import { kitchenDisplaySchema } from '@brigade/domain/pos/kitchen-display';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * The paired kitchen display (docs/behaviour/kitchen-display.md, decision 069). No one signs in on it: the
 * device token a manager's pairing gave it (`X-Pos-Device`, a device paired in kitchen mode) is its only
 * identity and names its restaurant, so these paths name no tenant. It reads the boards, bumps, recalls and
 * marks orders ready; nothing else. Its live stream is `GET /api/v1/kitchen-display/events` (server-sent
 * events, the same header).
 */

const tags = ['kitchen-display'];
const stationParams = { prepStationId: positiveId('Prep station ID') };
const orderParams = { orderId: positiveId('Order ID') };

export const getKitchenDisplay = defineEndpoint({
  id: 'getKitchenDisplay',
  method: 'GET',
  path: '/kitchen-display',
  summary: 'What a paired kitchen display shows: its name, its restaurant and the prep stations',
  tags,
  access: { kind: 'public' },
  request: { headers: deviceHeaders },
  response: { status: 200, description: 'The display', schema: successOf(kitchenDisplaySchema) },
  problems: [],
});

export const getKitchenDisplayBoard = defineEndpoint({
  id: 'getKitchenDisplayBoard',
  method: 'GET',
  path: '/kitchen-display/stations/{prepStationId}',
  summary: "A prep station's tickets, on the paired kitchen display (as getKitchenBoard)",
  tags,
  access: { kind: 'public' },
  request: { params: z.object(stationParams), headers: deviceHeaders },
  response: { status: 200, description: 'The board', schema: successOf(kitchenBoardSchema) },
  problems: [404],
});

export const getKitchenDisplayExpo = defineEndpoint({
  id: 'getKitchenDisplayExpo',
  method: 'GET',
  path: '/kitchen-display/expo',
  summary:
    'Every order on the line and where its stations stand, on the paired kitchen display (as getExpoBoard)',
  tags,
  access: { kind: 'public' },
  request: { headers: deviceHeaders },
  response: { status: 200, description: 'The expo board', schema: successOf(expoBoardSchema) },
  problems: [],
});

export const bumpKitchenDisplayTicket = defineEndpoint({
  id: 'bumpKitchenDisplayTicket',
  method: 'POST',
  path: '/kitchen-display/stations/{prepStationId}/tickets/{orderId}/bump',
  summary: 'The station is done with the ticket (as bumpTicket); the history names the display',
  tags,
  access: { kind: 'public' },
  changes: 'none',
  outside: true,
  request: { params: z.object({ ...stationParams, ...orderParams }), headers: deviceHeaders },
  response: { status: 200, description: 'The order after the bump', schema: successOf(bumpResultSchema) },
  problems: [404, 409, 502, 504],
});

export const recallKitchenDisplayTicket = defineEndpoint({
  id: 'recallKitchenDisplayTicket',
  method: 'POST',
  path: '/kitchen-display/stations/{prepStationId}/recall',
  summary: "Undo the station's last bump (as recallTicket)",
  tags,
  access: { kind: 'public' },
  changes: 'none',
  request: { params: z.object(stationParams), headers: deviceHeaders },
  response: { status: 200, description: 'The recalled order', schema: successOf(bumpResultSchema) },
  problems: [404, 409],
});

export const markKitchenDisplayReady = defineEndpoint({
  id: 'markKitchenDisplayReady',
  method: 'POST',
  path: '/kitchen-display/orders/{orderId}/ready',
  summary: 'The pass hands the order out: it moves to ready (from the expo view)',
  description:
    'Only an order on the line (accepted or in preparation) moves; anything else is 409, an order of another restaurant 404.',
  tags,
  access: { kind: 'public' },
  changes: 'none',
  outside: true,
  request: { params: z.object(orderParams), headers: deviceHeaders },
  response: { status: 200, description: 'The order, ready', schema: successOf(bumpResultSchema) },
  problems: [404, 409, 502, 504],
});
