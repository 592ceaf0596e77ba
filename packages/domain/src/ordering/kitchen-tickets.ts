import { z } from 'zod';

/** A kitchen ticket as the orders screen and the kitchen display show it (docs/behaviour/ordering.md). */
export const kitchenTicketSchema = z.object({
  ticketId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  prepStationId: z.number().int(),
  stationName: z.string(),
  /** A void ticket: tells the station to stop making a line voided after it was sent. */
  voided: z.boolean(),
  /** queued: waiting for its printer (or being retried); printed; failed: no printer took it. */
  status: z.enum(['queued', 'printed', 'failed']),
  /** The printer asked for with Print elsewhere; null: the station's own. */
  printerId: z.number().int().nullable(),
  /** The printer that took it. */
  printedOn: z.number().int().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  printedAt: z.date().nullable(),
  updatedAt: z.date(),
});
export type KitchenTicket = z.infer<typeof kitchenTicketSchema>;

export const kitchenTicketQuerySchema = z.object({
  status: z
    .enum(['queued', 'printed', 'failed'], { error: 'Status must be queued, printed or failed' })
    .optional(),
  /** One order's tickets (the order page's Reprint). */
  orderId: z.coerce
    .number({ error: 'Order ID must be a positive integer' })
    .int('Order ID must be a positive integer')
    .min(1, 'Order ID must be a positive integer')
    .max(2_147_483_647, 'Order ID must be a positive integer')
    .optional(),
});

export const printTicketSchema = z.object({
  /** Print elsewhere: one of the restaurant's printers; left out or null: the station's own printer. */
  printerId: z
    .number({ error: 'Printer ID must be a positive integer' })
    .int('Printer ID must be a positive integer')
    .min(1, 'Printer ID must be a positive integer')
    .max(2_147_483_647, 'Printer ID must be a positive integer')
    .nullable()
    .optional(),
});

/** What a failed ticket says on the screens. */
export const TICKET_NOT_PRINTED = 'Ticket not printed';
