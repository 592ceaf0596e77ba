import { z } from 'zod';
import { multilineText, requiredText, text } from '../text';
import { cashDrawerDetailsSchema, storedCashDrawerDetailsSchema } from './cash-drawer';
import {
  type CrossFieldRule,
  checkRules,
  displayNumberSchema,
  entityIdSchema,
  guidSchema,
  timestampFields,
} from './fields';
import { printerAddressProblem } from './printer-address';

export const IP_SETUPS = ['Dynamic', 'Static'] as const;
export const PRINTER_FONT_SIZES = ['Small', 'Medium', 'Large'] as const;
export const PAPER_WIDTHS = ['Narrow', 'Wide'] as const;
export const CHARACTER_SETS = ['Western', 'Chinese'] as const;
export const CASH_DRAWER_OPTIONS = ['No Cash Drawer', 'One Cash Drawer', 'Two Cash Drawers'] as const;
export type CashDrawerOption = (typeof CASH_DRAWER_OPTIONS)[number];
/**
 * How the server reaches the printer (docs/behaviour/printing.md, decision 053). Raw
 * TCP (port 9100 on the printer's address) needs the server on the restaurant's network; the two cloud
 * protocols have the printer poll the server over HTTPS instead.
 */
export const PRINTER_CONNECTIONS = ['Raw TCP', 'Star CloudPRNT', 'Epson Server Direct Print'] as const;
export type PrinterConnection = (typeof PRINTER_CONNECTIONS)[number];
export const isCloudConnection = (connection: string | undefined | null): boolean =>
  connection === 'Star CloudPRNT' || connection === 'Epson Server Direct Print';
export const CLOUD_DEVICE_ID_REQUIRED = 'A cloud printer needs its MAC address (Star) or printer ID (Epson).';
export const STAR_MAC_MESSAGE = "A Star printer's MAC address looks like 00:11:62:1d:9a:b7";
export const EPSON_ID_MESSAGE = 'An Epson printer ID is 1 to 30 letters, digits, - or _';
/** A MAC address written with :, - or nothing between the bytes, in lower case without separators. */
export function normalizedMac(value: string): string | null {
  const hex = value.trim().toLowerCase().replace(/[:-]/g, '');
  return /^[0-9a-f]{12}$/.test(hex) ? hex : null;
}

/** A receipt footer is at most 126 characters (3 rows of ~42). */
export const CUSTOM_FOOTER_MAX = 126;

const storedIpSchema = z.ipv4({ error: 'Invalid IP address' });
// docs/behaviour/catalogue.md#printers: never an address that cannot be a printer on the restaurant's network.
const printerIpSchema = storedIpSchema.superRefine((ip, ctx) => {
  const problem = printerAddressProblem(ip);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const ipSetupSchema = z.enum(IP_SETUPS, { error: 'IP setup must be Dynamic or Static' });
const fontSizeSchema = z.enum(PRINTER_FONT_SIZES, { error: 'Font size must be Small, Medium or Large' });
const paperWidthSchema = z.enum(PAPER_WIDTHS, { error: 'Paper width must be Narrow or Wide' });
const characterSetSchema = z.enum(CHARACTER_SETS, { error: 'Character set must be Western or Chinese' });
const connectionSchema = z.enum(PRINTER_CONNECTIONS, {
  error: "Connection must be 'Raw TCP', 'Star CloudPRNT' or 'Epson Server Direct Print'",
});
const hasCashDrawerSchema = z.enum(CASH_DRAWER_OPTIONS, {
  error: "Cash drawer must be 'No Cash Drawer', 'One Cash Drawer' or 'Two Cash Drawers'",
});

interface PrinterRuleFields {
  connection?: PrinterConnection;
  cloudDeviceId?: string;
  ipSetup?: (typeof IP_SETUPS)[number];
  ipAddress?: string;
  hasCashDrawer?: CashDrawerOption;
  cashDrawer?: unknown;
}

const printerRules: readonly CrossFieldRule<PrinterRuleFields>[] = [
  {
    reads: ['ipSetup', 'ipAddress'],
    path: 'ipAddress',
    message: 'Static IP setup requires an IP address.',
    holds: (v) => v.ipSetup !== 'Static' || v.ipAddress !== undefined,
  },
  // One or two cash drawers require drawer details; no wording is fixed for this, so this one is ours.
  {
    reads: ['hasCashDrawer', 'cashDrawer'],
    path: 'cashDrawer',
    message: 'Cash drawer details are required when the printer has a cash drawer.',
    holds: (v) =>
      v.hasCashDrawer === undefined || v.hasCashDrawer === 'No Cash Drawer' || v.cashDrawer !== undefined,
  },
  {
    reads: ['connection', 'cloudDeviceId'],
    path: 'cloudDeviceId',
    message: CLOUD_DEVICE_ID_REQUIRED,
    holds: (v) => !isCloudConnection(v.connection) || v.cloudDeviceId !== undefined,
  },
  {
    reads: ['connection', 'cloudDeviceId'],
    path: 'cloudDeviceId',
    message: STAR_MAC_MESSAGE,
    holds: (v) =>
      v.connection !== 'Star CloudPRNT' ||
      v.cloudDeviceId === undefined ||
      normalizedMac(v.cloudDeviceId) !== null,
  },
  {
    reads: ['connection', 'cloudDeviceId'],
    path: 'cloudDeviceId',
    message: EPSON_ID_MESSAGE,
    holds: (v) =>
      v.connection !== 'Epson Server Direct Print' ||
      v.cloudDeviceId === undefined ||
      /^[A-Za-z0-9_-]{1,30}$/.test(v.cloudDeviceId),
  },
];

// The editable fields without defaults, so that a partial update fills nothing in.
const editableFields = {
  number: displayNumberSchema,
  name: requiredText('Printer name cannot be empty'),
  model: requiredText('Printer model cannot be empty'),
  ipSetup: ipSetupSchema,
  serialNumber: text().optional(),
  ipAddress: printerIpSchema.optional(),
  customFooter: multilineText()
    .max(CUSTOM_FOOTER_MAX, 'Custom footer too long (max 3 rows of ~42 chars)')
    .optional(),
  kitchenTicketFontSize: fontSizeSchema,
  customerReceiptFontSize: fontSizeSchema,
  paperWidth: paperWidthSchema,
  characterSet: characterSetSchema,
  backupPrinterId: entityIdSchema('Backup printer ID').nullable().optional(),
  hasCashDrawer: hasCashDrawerSchema,
  /**
   * The drawer details. They are the settings of the cash drawer entity (name,
   * starting balances and reset types), whose primary/secondary pairs cover a
   * 'Two Cash Drawers' printer. Ignored when the printer has no cash drawer.
   */
  cashDrawer: cashDrawerDetailsSchema.optional(),
  /** Ours (issue 46 item 9): how the server reaches the printer; raw TCP by default. */
  connection: connectionSchema,
  /** Ours: a cloud printer's MAC address (Star CloudPRNT) or the ID set in its web setup (Epson). */
  cloudDeviceId: text().max(40, 'MAC address or printer ID too long').optional(),
};

// A printer's defaults.
const defaultedFields = {
  ipSetup: ipSetupSchema.default('Dynamic'),
  kitchenTicketFontSize: fontSizeSchema.default('Medium'),
  customerReceiptFontSize: fontSizeSchema.default('Medium'),
  paperWidth: paperWidthSchema.default('Narrow'),
  characterSet: characterSetSchema.default('Western'),
  hasCashDrawer: hasCashDrawerSchema.default('No Cash Drawer'),
  connection: connectionSchema.default('Raw TCP'),
};

/** A stored printer. */
export const printerSchema = z
  .object({
    ...editableFields,
    ...defaultedFields,
    // read as it was written
    ipAddress: storedIpSchema.optional(),
    cashDrawer: storedCashDrawerDetailsSchema.optional(),
    printerId: entityIdSchema('Printer ID'),
    guid: guidSchema,
    ...timestampFields,
  })
  .superRefine(checkRules(printerRules, 'whole'));
export type Printer = z.infer<typeof printerSchema>;

/** printerId and guid are used when both are supplied, otherwise the counter issues them. */
export const createPrinterInputSchema = z
  .object({
    ...editableFields,
    ...defaultedFields,
    printerId: entityIdSchema('Printer ID').optional(),
    guid: guidSchema.optional(),
  })
  .superRefine(checkRules(printerRules, 'whole'));
export type CreatePrinterInput = z.input<typeof createPrinterInputSchema>;
export type CreatePrinterData = z.output<typeof createPrinterInputSchema>;

/** Rules the patch alone cannot decide are checked on the merged printer with printerSchema. */
export const updatePrinterInputSchema = z
  .object(editableFields)
  .partial()
  .superRefine(checkRules(printerRules, 'patch'));
export type UpdatePrinterInput = z.input<typeof updatePrinterInputSchema>;
export type UpdatePrinterData = z.output<typeof updatePrinterInputSchema>;
