import { z } from 'zod';
import { requiredText } from '../text';
import { displayNumberSchema, entityIdSchema, guidSchema, idListSchema, timestampFields } from './fields';

// The editable fields without defaults, so that a partial update fills nothing in.
const editableFields = {
  number: displayNumberSchema,
  name: requiredText('Prep station name cannot be empty'),
  sendToExpediter: z.boolean(),
  otherStationIds: idListSchema('Other station IDs'),
  // null: tickets go to no particular printer
  ticketPrinterId: entityIdSchema('Ticket printer ID').nullable().optional(),
  // null: a ticket the ticket printer does not take waits for Retry or Print elsewhere
  backupPrinterId: entityIdSchema('Backup printer ID').nullable().optional(),
  alwaysPrintTickets: z.boolean(),
};

// A prep station's defaults; the unspecified station list starts empty.
const defaultedFields = {
  sendToExpediter: z.boolean().default(false),
  otherStationIds: idListSchema('Other station IDs').default([]),
  alwaysPrintTickets: z.boolean().default(false),
};

/** A stored prep station. */
export const prepStationSchema = z.object({
  ...editableFields,
  ...defaultedFields,
  prepStationId: entityIdSchema('Prep station ID'),
  guid: guidSchema,
  ...timestampFields,
});
export type PrepStation = z.infer<typeof prepStationSchema>;

/** prepStationId and guid are used when both are supplied, otherwise the counter issues them. */
export const createPrepStationInputSchema = z.object({
  ...editableFields,
  ...defaultedFields,
  prepStationId: entityIdSchema('Prep station ID').optional(),
  guid: guidSchema.optional(),
});
export type CreatePrepStationInput = z.input<typeof createPrepStationInputSchema>;
export type CreatePrepStationData = z.output<typeof createPrepStationInputSchema>;

export const updatePrepStationInputSchema = z.object(editableFields).partial();
export type UpdatePrepStationInput = z.input<typeof updatePrepStationInputSchema>;
export type UpdatePrepStationData = z.output<typeof updatePrepStationInputSchema>;
