import {
  guestOrderSchema,
  moveOrderSchema,
  orderingMenuSchema,
  orderingSettingsSchema,
  orderQuerySchema,
  orderSchema,
  pauseOrderingSchema,
  placeOrderRequestSchema,
  quoteRequestSchema,
  quoteSchema,
  refundOrderSchema,
  soldOutSchema,
  updateOrderingSettingsSchema,
} from '@brigade/domain/ordering/api';
import { orderingAlertSchema } from '@brigade/domain/ordering/checkout-limits';
import { bumpResultSchema, expoBoardSchema, kitchenBoardSchema } from '@brigade/domain/ordering/kitchen';
import {
  kitchenTicketQuerySchema,
  kitchenTicketSchema,
  printTicketSchema,
} from '@brigade/domain/ordering/kitchen-tickets';
import { salesSummarySchema, summaryQuerySchema } from '@brigade/domain/ordering/summary';
import { text } from '@brigade/domain/text';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { GATEWAY_PROBLEMS, idempotency, idempotencyHeaders } from './payments-shared';
import { restaurantIdParam, tenantIdParam } from './tenancy-params';

/**
 * Online ordering with the internal provider (docs/behaviour/ordering.md). Guests need no account: they read
 * the ordering menu, get quotes and place orders on the restaurant's slug, and follow their order by its
 * token. Staff see and move the restaurant's orders: employees accept, prepare and complete them; cancelling
 * and refunding (which void or refund the payment) need a manager, as in the payments module.
 */

const tags = ['ordering'];
const publicTags = ['ordering', 'public'];
const slugParams = z.object({ slug: text().min(1).max(100) });
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Unknown order') });
const base = '/tenants/{tenantId}/restaurants/{restaurantId}';
const params = z.object({ tenantId: tenantIdParam, restaurantId: restaurantIdParam });
const orderParams = params.extend({
  orderId: z.coerce
    .number({ error: 'Order ID must be a positive integer' })
    .int('Order ID must be a positive integer')
    .min(1, 'Order ID must be a positive integer')
    .max(2_147_483_647, 'Order ID must be a positive integer'),
});
const itemParams = params.extend({
  itemId: z.coerce
    .number({ error: 'Item ID must be a positive integer' })
    .int('Item ID must be a positive integer')
    .min(1, 'Item ID must be a positive integer')
    .max(2_147_483_647, 'Item ID must be a positive integer'),
});

export const getOrderingMenu = defineEndpoint({
  id: 'getOrderingMenu',
  method: 'GET',
  path: '/ordering/{slug}/menu',
  summary: 'What guests can order now, pickup times and tip presets (prices in cents)',
  tags: publicTags,
  access: { kind: 'public' },
  request: { params: slugParams },
  response: { status: 200, description: 'The ordering menu', schema: successOf(orderingMenuSchema) },
  problems: [404],
});

export const quoteOrder = defineEndpoint({
  id: 'quoteOrder',
  method: 'POST',
  path: '/ordering/{slug}/quote',
  summary: 'Price a cart for a pickup time: lines, taxes, service charge, tip and total, computed here',
  tags: publicTags,
  access: { kind: 'public' },
  changes: 'none',
  audit: false,
  request: { params: slugParams, body: quoteRequestSchema },
  response: { status: 200, description: 'The quote', schema: successOf(quoteSchema) },
  problems: [404, 409],
});

export const placeOrder = defineEndpoint({
  id: 'placeOrder',
  method: 'POST',
  path: '/ordering/{slug}/orders',
  summary: "Place an order and authorise the guest's card (tokenised by the hosted card-entry frame)",
  description:
    `${idempotency} The same key and body answer the same order with no second authorisation. A declined ` +
    'card is a 201 with status payment_failed and the reason; the restaurant never sees such an order.',
  tags: publicTags,
  access: { kind: 'public' },
  changes: 'none',
  outside: true,
  request: { params: slugParams, body: placeOrderRequestSchema, headers: idempotencyHeaders },
  response: { status: 201, description: 'The order', schema: successOf(guestOrderSchema) },
  problems: [404, 429, ...GATEWAY_PROBLEMS],
});

export const getGuestOrder = defineEndpoint({
  id: 'getGuestOrder',
  method: 'GET',
  path: '/ordering/orders/{token}',
  summary: "A guest's order by its token (the confirmation page)",
  tags: publicTags,
  access: { kind: 'public' },
  request: { params: tokenParams },
  response: { status: 200, description: 'The order', schema: successOf(guestOrderSchema) },
  problems: [404],
});

export const listOrders = defineEndpoint({
  id: 'listOrders',
  method: 'GET',
  path: `${base}/orders`,
  summary:
    "A business day's online orders, newest first (by default today on the restaurant's clock, with later days' orders still to handle)",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params, query: orderQuerySchema },
  response: {
    status: 200,
    description: 'The orders',
    schema: successOf(z.array(orderSchema), { businessDate: z.string() }),
  },
  problems: [404],
});

export const listOrderingAlerts = defineEndpoint({
  id: 'listOrderingAlerts',
  method: 'GET',
  path: `${base}/ordering/alerts`,
  summary: "The last 24 hours' alerts about online checkout (a burst of declined cards), newest first",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params },
  response: { status: 200, description: 'The alerts', schema: successOf(z.array(orderingAlertSchema)) },
  problems: [404],
});

export const getSalesSummary = defineEndpoint({
  id: 'getSalesSummary',
  method: 'GET',
  path: `${base}/orders/summary`,
  summary: "A business day's online sales: orders, sales, tax and tips, and orders per hour",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params, query: summaryQuerySchema },
  response: { status: 200, description: 'The summary', schema: successOf(salesSummarySchema) },
  problems: [404],
});

export const refundOrder = defineEndpoint({
  id: 'refundOrder',
  method: 'POST',
  path: `${base}/orders/{orderId}/refunds`,
  summary:
    'Refund part of an accepted order, or what is left of it, with a reason (once its payment settled)',
  description: `${idempotency} The refund is a refund of the order's payment; the order's history says who, how much and why.`,
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  outside: true,
  request: { params: orderParams, body: refundOrderSchema, headers: idempotencyHeaders },
  response: { status: 200, description: 'The order', schema: successOf(orderSchema) },
  problems: [404, ...GATEWAY_PROBLEMS],
});

export const getOrder = defineEndpoint({
  id: 'getOrder',
  method: 'GET',
  path: `${base}/orders/{orderId}`,
  summary: 'One order with its history and payment status',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params: orderParams },
  response: { status: 200, description: 'The order', schema: successOf(orderSchema) },
  problems: [404],
});

export const moveOrder = defineEndpoint({
  id: 'moveOrder',
  method: 'POST',
  path: `${base}/orders/{orderId}/status`,
  summary: 'Move an order on: accept (with a ready time), prepare, ready, complete, cancel or refund',
  description:
    'Accepting captures the payment when the restaurant captures on accept; completing captures what is ' +
    'not captured yet; cancelling voids or refunds it, refunding refunds it (managers and above).',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  outside: true,
  request: { params: orderParams, body: moveOrderSchema },
  response: { status: 200, description: 'The order', schema: successOf(orderSchema) },
  problems: [404, 409, 502, 504],
});

const settingsResult = successOf(orderingSettingsSchema);

export const getOrderingSettings = defineEndpoint({
  id: 'getOrderingSettings',
  method: 'GET',
  path: `${base}/ordering-settings`,
  summary: 'Online-ordering settings: lead time, scheduling, slot capacity, tips, capture, pause, sold out',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params },
  response: { status: 200, description: 'The settings', schema: settingsResult },
  problems: [404],
});

export const updateOrderingSettings = defineEndpoint({
  id: 'updateOrderingSettings',
  method: 'PATCH',
  path: `${base}/ordering-settings`,
  summary: 'Change online-ordering settings',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  request: { params, body: updateOrderingSettingsSchema },
  response: { status: 200, description: 'The settings', schema: settingsResult },
  problems: [404],
});

export const pauseOrdering = defineEndpoint({
  id: 'pauseOrdering',
  method: 'POST',
  path: `${base}/ordering-settings/pause`,
  summary: 'Pause online ordering for some minutes (0 resumes it)',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  request: { params, body: pauseOrderingSchema },
  response: { status: 200, description: 'The settings', schema: settingsResult },
  problems: [404],
});

export const setItemSoldOut = defineEndpoint({
  id: 'setItemSoldOut',
  method: 'PUT',
  path: `${base}/ordering-settings/sold-out/{itemId}`,
  summary: 'Mark an item sold out ("86") for online ordering, or back in stock',
  description:
    'The 86 list is shared by online ordering, the register, the public menu pages (and their JSON-LD) and ' +
    'the menu display, which mark or hide a sold-out item by the website setting `soldOutDisplay`. It is ' +
    'announced as a catalogue change of the restaurant (its cached public pages and menu documents go).',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'catalogue',
  request: { params: itemParams, body: soldOutSchema },
  response: { status: 200, description: 'The settings', schema: settingsResult },
  problems: [404],
});

// --- Kitchen display ------------------------------------------------------------------------------------

const stationParams = params.extend({
  prepStationId: z.coerce
    .number({ error: 'Prep station ID must be a positive integer' })
    .int('Prep station ID must be a positive integer')
    .min(1, 'Prep station ID must be a positive integer')
    .max(2_147_483_647, 'Prep station ID must be a positive integer'),
});
const ticketParams = stationParams.extend({ orderId: orderParams.shape.orderId });
const kitchenTags = ['ordering', 'kitchen'];

export const getKitchenBoard = defineEndpoint({
  id: 'getKitchenBoard',
  method: 'GET',
  path: `${base}/kitchen/{prepStationId}`,
  summary: "A prep station's kitchen display: tickets of the orders on the line with the lines routed to it",
  description:
    'Orders accepted or in preparation that this station has not bumped, oldest first; each ticket holds only ' +
    'the lines whose item names this station (lines naming no station go to every station), grouped by ' +
    'course in firing order.',
  tags: kitchenTags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params: stationParams },
  response: { status: 200, description: 'The board', schema: successOf(kitchenBoardSchema) },
  problems: [404],
});

export const getExpoBoard = defineEndpoint({
  id: 'getExpoBoard',
  method: 'GET',
  path: `${base}/expo`,
  summary:
    'The expo view of the kitchen: every order on the line with all its lines and where each station stands',
  description:
    'Orders accepted or in preparation with a line sent to the kitchen, oldest first; each with every kitchen ' +
    'line by course and its stations, done (bumped) or not. The pass marks an order ready when it is complete.',
  tags: kitchenTags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params },
  response: { status: 200, description: 'The expo board', schema: successOf(expoBoardSchema) },
  problems: [404],
});

export const bumpTicket = defineEndpoint({
  id: 'bumpTicket',
  method: 'POST',
  path: `${base}/kitchen/{prepStationId}/tickets/{orderId}/bump`,
  summary: 'The station is done with the ticket; once every station bumped it the order is ready',
  tags: kitchenTags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  outside: true,
  request: { params: ticketParams },
  response: { status: 200, description: 'The order after the bump', schema: successOf(bumpResultSchema) },
  problems: [404, 409, 502, 504],
});

export const recallTicket = defineEndpoint({
  id: 'recallTicket',
  method: 'POST',
  path: `${base}/kitchen/{prepStationId}/recall`,
  summary: "Undo the station's last bump (while that order is still on the line)",
  tags: kitchenTags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  request: { params: stationParams },
  response: { status: 200, description: 'The recalled order', schema: successOf(bumpResultSchema) },
  problems: [404, 409],
});

const printedTicketParams = params.extend({
  ticketId: z.coerce
    .number({ error: 'Ticket ID must be a positive integer' })
    .int('Ticket ID must be a positive integer')
    .min(1, 'Ticket ID must be a positive integer')
    .max(2_147_483_647, 'Ticket ID must be a positive integer'),
});

export const listKitchenTickets = defineEndpoint({
  id: 'listKitchenTickets',
  method: 'GET',
  path: `${base}/kitchen-tickets`,
  summary: "The restaurant's kitchen tickets, newest first (the screens ask for the failed ones)",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params, query: kitchenTicketQuerySchema },
  response: { status: 200, description: 'The tickets', schema: successOf(z.array(kitchenTicketSchema)) },
  problems: [404],
});

export const printKitchenTicket = defineEndpoint({
  id: 'printKitchenTicket',
  method: 'POST',
  path: `${base}/kitchen-tickets/{ticketId}/print`,
  summary: 'Print a ticket again: Retry on its station, Reprint, or Print elsewhere on another printer',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  request: { params: printedTicketParams, body: printTicketSchema },
  response: { status: 200, description: 'The ticket, queued', schema: successOf(kitchenTicketSchema) },
  problems: [404],
});
