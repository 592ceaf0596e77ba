import { z } from 'zod';
import { INT32_MAX } from '../integers';
import { salesTotalsSchema } from '../ledger/reports';
import { totalsSchema } from '../ordering/api';
import { cartLineSchema, MAX_LINES } from '../ordering/cart';
import { minorUnits } from '../payments/api';
import { queryTime } from '../query-dates';
import { text } from '../text';

/**
 * The register (docs/behaviour/pos.md): what a paired device reads to sell, what it sends to ring up a sale,
 * and the devices a manager pairs. A POS sale is an order like any other (channel `pos`): the same lines,
 * totals, kitchen display, kitchen tickets and sales ledger. Prices come from the catalogue on the server;
 * the register shows the same figures with the same pure code (line-pricing.ts, totals.ts).
 */

/** The header a paired register sends with every register call: the device token it was given once. */
export const DEVICE_HEADER = 'x-pos-device';
export const DEVICE_TOKEN_MESSAGE = 'This device is not paired with the restaurant; pair it again';
export const DEVICE_REVOKED_MESSAGE = 'This device was unpaired by a manager; pair it again';

/**
 * A paired device is a register (staff sell on it), a self-order kiosk (guests order on it: decision 059) or a
 * kitchen display (cooks bump tickets on it: decision 069).
 */
export const DEVICE_MODES = ['register', 'kiosk', 'kitchen'] as const;
export type DeviceMode = (typeof DEVICE_MODES)[number];
export const DEVICE_MODE_MESSAGE = "Mode must be 'register', 'kiosk' or 'kitchen'";
export const KIOSK_ONLY_MESSAGE = 'This device is a self-order kiosk: it only places kiosk orders';
export const NOT_A_KIOSK_MESSAGE = 'This device is a register, not a kiosk; pair it as a kiosk';
export const KITCHEN_ONLY_MESSAGE = "This device is a kitchen display: it only shows the kitchen's tickets";
export const NOT_A_KITCHEN_DISPLAY_MESSAGE = 'This device is not a kitchen display; pair it as one';
/** A kitchen display's token on a kiosk call (a register's hears NOT_A_KIOSK_MESSAGE). */
export const KITCHEN_NOT_A_KIOSK_MESSAGE =
  'This device is a kitchen display, not a kiosk; pair it as a kiosk';
/** A kitchen display prints no receipts and takes no money (decision 069). */
export const KITCHEN_NO_RECEIPT_PRINTER = 'A kitchen display has no receipt printer';
export const KITCHEN_NO_TERMINAL = 'A kitchen display takes no card terminal';

/**
 * The channels whose orders the registers take money for: register sales and open checks (`pos`), and kiosk
 * orders paid at the counter (`kiosk`). Their tenders, voids, receipts and open checks are the register's.
 */
export const COUNTER_CHANNELS = ['pos', 'kiosk'] as const;
export const paidAtCounter = (channel: string): boolean => channel === 'pos' || channel === 'kiosk';

export const POS_SERVICES = ['dine_in', 'takeout'] as const;
export type PosService = (typeof POS_SERVICES)[number];
export const SERVICE_LABELS: Record<PosService, string> = { dine_in: 'Dine in', takeout: 'Takeout' };

export const TENDER_METHODS = ['cash', 'card'] as const;
export type TenderMethod = (typeof TENDER_METHODS)[number];

export const MAX_TENDERED = 10_000_00;
export const NOT_ON_REGISTER = 'This item is not on the POS menu now';
export const CASH_SHORT = 'The cash tendered is less than the total';
export const NOT_TAKING_SALES = 'This register cannot take sales: the restaurant has no menu on the POS';

export const deviceTokenSchema = z
  .string({ error: DEVICE_TOKEN_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, DEVICE_TOKEN_MESSAGE);

export const deviceHeaders = z.object({ [DEVICE_HEADER]: deviceTokenSchema });

export const posDeviceSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  /** The printer its receipts print on and its cash drawer hangs on, if any. */
  receiptPrinterId: z.number().int().nullable(),
  pairedBy: z.string(),
  /** The name of who paired it, when known. */
  pairedByName: z.string().nullable(),
  pairedAt: z.date(),
  lastSeenAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  /** The card terminal paired to this register (its hardware serial number); its API key is never shown. */
  terminal: z.object({ hsn: z.string(), pairedAt: z.date() }).nullable(),
  /** When it last refused passcodes after 5 wrong ones in a minute (docs/behaviour/time-clock.md). */
  passcodeLockedAt: z.date().nullable(),
  /** A register, a self-order kiosk (docs/behaviour/kiosk.md) or a kitchen display (docs/behaviour/kitchen-display.md). */
  mode: z.enum(DEVICE_MODES),
});
export type PosDevice = z.infer<typeof posDeviceSchema>;

export const pairDeviceSchema = z
  .strictObject({
    name: text()
      .trim()
      .min(1, 'Device name cannot be empty')
      .max(60, 'Device name cannot exceed 60 characters'),
    receiptPrinterId: z
      .number({ error: 'Receipt printer must be a printer ID' })
      .int('Receipt printer must be a printer ID')
      .min(1, 'Receipt printer must be a printer ID')
      .max(INT32_MAX, 'Receipt printer must be a printer ID')
      .nullable()
      .default(null),
    mode: z.enum(DEVICE_MODES, { error: DEVICE_MODE_MESSAGE }).default('register'),
  })
  .refine((device) => device.mode !== 'kitchen' || device.receiptPrinterId === null, {
    message: KITCHEN_NO_RECEIPT_PRINTER,
    path: ['receiptPrinterId'],
  });
export type PairDeviceInput = z.input<typeof pairDeviceSchema>;

/** The answer to pairing: the token is shown once and kept by the device (never stored, only its hash). */
export const pairedDeviceSchema = z.object({ device: posDeviceSchema, token: z.string() });
export type PairedDevice = z.infer<typeof pairedDeviceSchema>;

const modifierSchema = z.object({ id: z.number(), name: z.string(), price: z.number() });
const modifierGroupSchema = z.object({
  modifierGroupId: z.number(),
  name: z.string(),
  minSelection: z.number(),
  maxSelection: z.number().nullable(),
  allowDuplicates: z.boolean(),
  pricingStrategy: z.enum(['No charge', 'Individual', 'Group']),
  groupPrice: z.number(),
  /** Ask for it as the item is rung up (required groups are always asked). */
  prompt: z.boolean(),
  modifiers: z.array(modifierSchema),
});

/** An item as the register sells it; prices in cents; `open`: the cashier enters the price. */
export const posItemSchema = z.object({
  itemId: z.number(),
  name: z.string(),
  /** The button's label: the item's POS name, else its name. */
  buttonLabel: z.string(),
  buttonColor: z.string().optional(),
  /** The guest-facing description (kiosk menus only). */
  description: z.string().optional(),
  pricingStrategy: z.enum(['base', 'size', 'open']),
  price: z.number(),
  sizes: z.array(z.object({ id: z.number(), name: z.string(), price: z.number() })),
  modifierGroups: z.array(modifierGroupSchema),
  soldOut: z.boolean(),
  containsAlcohol: z.boolean(),
  // what the register's own totals need (the server's are the ones charged)
  prepStationIds: z.array(z.number()),
  courseId: z.number().optional(),
  taxRateIds: z.array(z.number()),
  taxInclusion: z.boolean(),
  takeoutTaxException: z.boolean(),
  salesCategoryId: z.number().optional(),
  menuGroupId: z.number().optional(),
  kitchenName: z.string().optional(),
});
export type PosItem = z.infer<typeof posItemSchema>;

export interface PosMenuGroup {
  menuGroupId: number;
  name: string;
  buttonColor?: string | undefined;
  items: PosItem[];
  groups: PosMenuGroup[];
}
export const posMenuGroupSchema: z.ZodType<PosMenuGroup> = z
  .object({
    menuGroupId: z.number(),
    name: z.string(),
    buttonColor: z.string().optional(),
    items: z.array(posItemSchema),
    get groups() {
      return z.array(posMenuGroupSchema);
    },
  })
  .meta({ id: 'PosMenuGroup' }) as z.ZodType<PosMenuGroup>;

const taxRateSchema = z.object({
  taxRateId: z.number(),
  name: z.string(),
  type: z.string(),
  disabled: z.boolean(),
  rate: z.number(),
  default: z.boolean(),
  takeoutTaxEnabled: z.boolean(),
  takeoutTaxrate: z.number().optional(),
  roundingOptions: z.string(),
});

/**
 * The restaurant's stations and the raw-TCP printers their tickets go to (the ticket printer, then the
 * backup): what a register needs to print a sale's kitchen tickets through the print bridge while it is
 * offline (docs/behaviour/printing.md#the-print-bridge). Stations with no such printer are left out.
 */
export const kitchenPrintingSchema = z.object({
  stations: z.array(
    z.object({ prepStationId: z.number(), name: z.string(), printerIds: z.array(z.number()) }),
  ),
  printers: z.array(
    z.object({
      printerId: z.number(),
      name: z.string(),
      ipAddress: z.string(),
      paperWidth: z.string(),
      kitchenTicketFontSize: z.string(),
    }),
  ),
});
export type KitchenPrinting = z.infer<typeof kitchenPrintingSchema>;

/**
 * This register's receipt printer, when it is on raw TCP with an address: an offline register prints the
 * receipt and opens the cash drawer (`drawers`: 0, 1 or 2) through the print bridge
 * (docs/behaviour/printing.md#the-print-bridge). Null otherwise.
 */
export const registerPrinterSchema = z
  .object({
    printerId: z.number(),
    ipAddress: z.string(),
    paperWidth: z.string(),
    customerReceiptFontSize: z.string(),
    customFooter: z.string().nullable(),
    drawers: z.number(),
  })
  .nullable();

/** Everything a register needs to sell, read once when it unlocks and again on a change. */
export const registerSchema = z.object({
  device: posDeviceSchema,
  restaurantName: z.string(),
  currency: z.string(),
  timezone: z.string(),
  menus: z.array(posMenuGroupSchema),
  rules: z.object({ taxRates: z.array(taxRateSchema), serviceChargePercent: z.number() }),
  /** The register's quick cash amounts, cents. */
  cashPresets: z.array(z.number()),
  /** Tips the card terminal offers (whole percentages), when the restaurant takes tips; else empty. */
  tipPresets: z.array(z.number()),
  /** The restaurant's courses, in firing order: an open check's lines go on them. */
  courses: z.array(z.object({ courseId: z.number(), number: z.string().nullable(), name: z.string() })),
  /** Active employees with access to the register, by name: whom a check can be transferred to. */
  servers: z.array(z.object({ employeeId: z.number(), name: z.string() })),
  kitchenPrinting: kitchenPrintingSchema,
  registerPrinter: registerPrinterSchema,
  /** What a receipt's header says under the restaurant's name. */
  restaurantContact: z.object({ address: z.string().nullable(), phone: z.string().nullable() }),
});
export type Register = z.infer<typeof registerSchema>;

/** One register line: an online cart line, plus the price of an open-priced item. */
export const posLineSchema = cartLineSchema.extend({
  openPrice: minorUnits('Price', 0).max(MAX_TENDERED, 'Price is too large').optional(),
});
export type PosLineInput = z.input<typeof posLineSchema>;

export const cashTenderSchema = z.strictObject({
  method: z.literal('cash', { error: 'Tender method must be cash' }),
  /** What the guest handed over, cents; the change is what is over the total. */
  tendered: minorUnits('Cash tendered', 0).max(MAX_TENDERED, 'Cash tendered is too large'),
});

/**
 * A cash sale the register made while it could not reach the server, sent when it can (decision 063): when
 * it was sold, and what each line was charged (a unit's price and its modifiers' charge, in the order of
 * `lines`). The server records it as sold, at the price charged, and notes for a manager what changed.
 */
export const OFFLINE_SOLD_AT = 'Sold at must be an ISO date-time';
export const OFFLINE_CHARGED_LINES = 'Give what was charged for every line of the sale';
const chargedLineSchema = z.strictObject({
  unitPrice: minorUnits('Price', 0).max(MAX_TENDERED, 'Price is too large'),
  modifierCharge: minorUnits('Modifier charge', 0).max(MAX_TENDERED, 'Modifier charge is too large'),
});
export const OFFLINE_PRINTED = 'Printed stations must be a list of prep station ids';
/**
 * The prep stations whose ticket the print bridge printed at the sale (or as a kept check opened): the server
 * records those tickets as printed instead of printing them again.
 */
export const printedStationsSchema = z
  .array(
    z
      .number({ error: OFFLINE_PRINTED })
      .int(OFFLINE_PRINTED)
      .positive(OFFLINE_PRINTED)
      .max(INT32_MAX, OFFLINE_PRINTED),
    { error: OFFLINE_PRINTED },
  )
  .max(100, OFFLINE_PRINTED);
export const offlineSaleSchema = z.strictObject({
  soldAt: z.iso.datetime({ offset: true, error: OFFLINE_SOLD_AT }),
  charged: z.array(chargedLineSchema, { error: OFFLINE_CHARGED_LINES }).max(MAX_LINES, OFFLINE_CHARGED_LINES),
  printedStations: printedStationsSchema.optional(),
});
export type OfflineSaleInput = z.input<typeof offlineSaleSchema>;

export const placePosOrderSchema = z.strictObject({
  service: z.enum(POS_SERVICES, { error: 'Service must be dine_in or takeout' }),
  lines: z
    .array(posLineSchema, { error: 'Lines must be a list' })
    .min(1, 'The check is empty')
    .max(MAX_LINES, `A check cannot have more than ${MAX_LINES} lines`),
  /** A name to call, or a table tent number. */
  guestName: text().trim().max(60, 'Guest name cannot exceed 60 characters').optional(),
  tender: cashTenderSchema,
  /** A printed receipt on the register's printer, or none. */
  receipt: z.enum(['print', 'none'], { error: 'Receipt must be print or none' }).default('print'),
  /** Sold while the register was offline (decision 063). */
  offline: offlineSaleSchema.optional(),
});
export type PlacePosOrderInput = z.input<typeof placePosOrderSchema>;

export const tenderSchema = z.object({
  tenderId: z.number(),
  method: z.enum(TENDER_METHODS),
  /** `refund`: cash handed back when the sale was voided. */
  kind: z.enum(['payment', 'refund']),
  amount: z.number(),
  tendered: z.number(),
  change: z.number(),
  takenBy: z.string(),
  takenAt: z.date(),
  /** A card tender's card: brand, last four, the authorisation code and the tip chosen on the terminal. */
  card: z
    .object({
      brand: z.string().nullable(),
      lastFour: z.string().nullable(),
      authorisationCode: z.string().nullable(),
      tip: z.number(),
      transactionId: z.string().nullable(),
      /** Authorised only: its tip is still to be added from the signed receipt (decision 068). */
      tipPending: z.boolean(),
    })
    .nullable(),
});
export type Tender = z.infer<typeof tenderSchema>;

/** A sale as the register shows it once rung up. */
export const posOrderSchema = z.object({
  orderId: z.number(),
  number: z.number(),
  businessDate: z.string(),
  status: z.string(),
  service: z.enum(POS_SERVICES),
  guestName: z.string().nullable(),
  lines: z.array(z.record(z.string(), z.unknown())),
  totals: totalsSchema,
  tenders: z.array(tenderSchema),
  /** The cash drawer was asked to open (its printer gets the kick as a job). */
  drawerKick: z.boolean(),
  /** A receipt was queued for the register's printer. */
  receiptQueued: z.boolean(),
  deviceName: z.string().nullable(),
  createdAt: z.date(),
  /** Sold while the register was offline: when, when it arrived, and what a manager should look at. */
  offline: z.object({ soldAt: z.string(), syncedAt: z.string(), conflicts: z.array(z.string()) }).nullable(),
});
export type PosOrder = z.infer<typeof posOrderSchema>;

export const voidPosOrderSchema = z.strictObject({
  reason: text().trim().min(1, 'Give a reason for the void').max(200, 'Reason cannot exceed 200 characters'),
});
export const SALE_NOT_VOIDABLE = 'Only a register sale that is not voided yet can be voided';

export const reprintResultSchema = z.object({ receiptQueued: z.boolean() });
export const NO_RECEIPT_PRINTER = 'This register has no receipt printer with an address';
export const VOIDED_NO_RECEIPT = 'A voided sale has no receipt to print again';
export const VOIDED_NO_EMAIL = 'A voided sale has no receipt to send';
/** A register sale's receipt is emailed at most this many times (a guest's typo, then the right address). */
export const RECEIPT_EMAILS_PER_SALE = 3;
export const TOO_MANY_RECEIPT_EMAILS = `This receipt was already emailed ${RECEIPT_EMAILS_PER_SALE} times`;
export const emailReceiptSchema = z.strictObject({
  email: z.email({ error: 'A valid email is required' }).max(254, 'A valid email is required'),
});
export const emailReceiptResultSchema = z.object({ sent: z.literal(true), to: z.string() });
export const DRAWER_OPEN_ON_UNPAIR = "Close this register's drawer before unpairing it";

// --- Cash drawer sessions (docs/behaviour/pos.md#cash-drawer-sessions) ---------------------------------

export const DRAWER_ALREADY_OPEN = "This register's drawer is already open; close it first";
export const DRAWER_NOT_OPEN = "Open this register's drawer with its float first";
export const MOVEMENT_REASON_REQUIRED = 'Give a reason for the pay-in or pay-out';

export const openDrawerSchema = z.strictObject({
  openingFloat: minorUnits('Opening float', 0).max(MAX_TENDERED, 'Opening float is too large'),
});
export const cashMovementSchema = z.strictObject({
  kind: z.enum(['pay_in', 'pay_out'], { error: 'Kind must be pay_in or pay_out' }),
  amount: minorUnits('Amount', 1).max(MAX_TENDERED, 'Amount is too large'),
  reason: text().trim().min(1, MOVEMENT_REASON_REQUIRED).max(200, 'Reason cannot exceed 200 characters'),
});
export const closeDrawerSchema = z.strictObject({
  /** The cash counted in the drawer (blind: the register does not show what it expects first). */
  counted: minorUnits('Counted cash', 0).max(MAX_TENDERED * 10, 'Counted cash is too large'),
  note: text().trim().max(200, 'Note cannot exceed 200 characters').optional(),
});

export const cashMovementViewSchema = z.object({
  movementId: z.number(),
  kind: z.enum(['pay_in', 'pay_out']),
  amount: z.number(),
  reason: z.string(),
  by: z.string(),
  at: z.date(),
});

/**
 * A drawer session. While it is open the register sees its float and movements only (a blind count);
 * `expected`, `cashSales` and `overShort` are shown once it is closed, and to managers.
 */
export const drawerSessionSchema = z.object({
  sessionId: z.number(),
  deviceId: z.number(),
  deviceName: z.string().nullable(),
  openedBy: z.string(),
  /** The names of who opened and who closed it, when known. */
  openedByName: z.string().nullable(),
  closedByName: z.string().nullable(),
  openedAt: z.date(),
  openingFloat: z.number(),
  movements: z.array(cashMovementViewSchema),
  closedBy: z.string().nullable(),
  closedAt: z.date().nullable(),
  counted: z.number().nullable(),
  cashSales: z.number().nullable(),
  expected: z.number().nullable(),
  overShort: z.number().nullable(),
  note: z.string().nullable(),
});
export type DrawerSession = z.infer<typeof drawerSessionSchema>;
export const currentDrawerSchema = z.object({ session: drawerSessionSchema.nullable() });

// --- Close-out (docs/behaviour/pos.md#close-out) ---------------------------------------------------------

export const closeOutQuerySchema = z.object({
  date: queryTime('date', 'date', 'date must be YYYY-MM-DD').optional(),
});

/** A business day's close-out: by staff member from the sales ledger, the drawers, and cash outside them. */
export const closeOutSchema = z.object({
  date: z.string(),
  currency: z.string(),
  staff: z.array(
    salesTotalsSchema.extend({
      /** The server's employee guid for register sales (decision 057); a user id, 'guest' or 'system' otherwise. */
      employee: z.string(),
      /** The employee record's id when the row is a server's. */
      employeeId: z.number().nullable(),
      name: z.string(),
      cashTaken: z.number(),
      cardNet: z.number(),
    }),
  ),
  drawers: z.array(drawerSessionSchema),
  /** Cash sales rung up while their register had no drawer session open. */
  cashOutsideDrawers: z.number(),
  /** What the drawers should hold in all, what was counted in those closed, and the difference. */
  drawerTotals: z.object({
    expected: z.number(),
    counted: z.number(),
    overShort: z.number(),
    open: z.number(),
  }),
  /**
   * Register cards of the day still waiting for the tip written on their receipt (decision 068): how many and
   * what they hold, authorised but not yet taken (captured without a tip once the day is over).
   */
  tipsAwaited: z.object({ cards: z.number(), authorised: z.number() }),
});
export type CloseOut = z.infer<typeof closeOutSchema>;
