import { z } from 'zod';
import { PRINTER_CONNECTIONS } from '../catalogue/printer';

/**
 * Printing from anywhere (docs/behaviour/printing.md): a cloud printer's link and what management shows of
 * each printer's connection.
 */

export const PRINTER_STATES = ['online', 'paper out', 'cover open', 'error', 'unknown'] as const;

/** Shown once, when a manager asks for it: what to enter in the printer's web setup. */
export const cloudPrinterLinkSchema = z.object({
  printerId: z.number().int(),
  connection: z.enum(PRINTER_CONNECTIONS),
  pollUrl: z
    .string()
    .meta({ description: 'The URL the printer polls (CloudPRNT Server URL, Epson SDP URL)' }),
  userName: z
    .string()
    .meta({ description: 'The user name to enter (HTTP Basic); the server does not check it' }),
  password: z
    .string()
    .meta({ description: 'The password to enter; shown only this once, only its hash is kept' }),
});
export type CloudPrinterLink = z.infer<typeof cloudPrinterLinkSchema>;

export const printerConnectionStatusSchema = z.object({
  printerId: z.number().int(),
  name: z.string(),
  connection: z.enum(PRINTER_CONNECTIONS),
  cloudDeviceId: z.string().nullable(),
  pollUrl: z.string().nullable().meta({ description: 'null until a link is made' }),
  linkedAt: z.date().nullable(),
  lastPollAt: z.date().nullable(),
  lastStatus: z
    .string()
    .nullable()
    .meta({ description: 'What the last poll or result said, as the printer put it' }),
  state: z.enum(PRINTER_STATES),
  waiting: z.number().int().meta({ description: 'Documents queued for the printer, not yet confirmed' }),
});
export type PrinterConnectionStatus = z.infer<typeof printerConnectionStatusSchema>;
