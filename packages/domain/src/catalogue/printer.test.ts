import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPrinterInputSchema, printerSchema, updatePrinterInputSchema } from './printer';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

const base = { name: 'Kitchen', model: 'TM-T88VI' };

describe('createPrinterInputSchema', () => {
  it('fills the spec defaults', () => {
    expect(createPrinterInputSchema.parse(base)).toEqual({
      ...base,
      ipSetup: 'Dynamic',
      kitchenTicketFontSize: 'Medium',
      customerReceiptFontSize: 'Medium',
      paperWidth: 'Narrow',
      characterSet: 'Western',
      hasCashDrawer: 'No Cash Drawer',
      // ours, beside the spec's: a printer on the restaurant's network unless it is said to be a cloud one
      connection: 'Raw TCP',
    });
  });

  it("refuses a blank name and model with the spec's messages", () => {
    expect(messages(createPrinterInputSchema.safeParse({ name: '', model: '' }))).toEqual([
      ['name', 'Printer name cannot be empty'],
      ['model', 'Printer model cannot be empty'],
    ]);
  });

  it('requires an IPv4 address', () => {
    for (const ipAddress of ['300.1.1.1', 'printer.local', '::1']) {
      expect(messages(createPrinterInputSchema.safeParse({ ...base, ipAddress }))).toEqual([
        ['ipAddress', 'Invalid IP address'],
      ]);
    }
    expect(createPrinterInputSchema.safeParse({ ...base, ipAddress: '192.168.1.50' }).success).toBe(true);
  });

  it('limits the custom footer to 126 characters', () => {
    expect(createPrinterInputSchema.safeParse({ ...base, customFooter: 'x'.repeat(126) }).success).toBe(true);
    expect(messages(createPrinterInputSchema.safeParse({ ...base, customFooter: 'x'.repeat(127) }))).toEqual([
      ['customFooter', 'Custom footer too long (max 3 rows of ~42 chars)'],
    ]);
  });

  it('requires an IP address for a static setup', () => {
    expect(messages(createPrinterInputSchema.safeParse({ ...base, ipSetup: 'Static' }))).toEqual([
      ['ipAddress', 'Static IP setup requires an IP address.'],
    ]);
    expect(
      createPrinterInputSchema.safeParse({ ...base, ipSetup: 'Static', ipAddress: '10.0.0.9' }).success,
    ).toBe(true);
  });

  it('requires cash drawer details for one or two drawers', () => {
    for (const hasCashDrawer of ['One Cash Drawer', 'Two Cash Drawers']) {
      expect(messages(createPrinterInputSchema.safeParse({ ...base, hasCashDrawer }))).toEqual([
        ['cashDrawer', 'Cash drawer details are required when the printer has a cash drawer.'],
      ]);
    }
    const printer = createPrinterInputSchema.parse({
      ...base,
      hasCashDrawer: 'Two Cash Drawers',
      cashDrawer: { name: 'Front', secondaryStartingBalance: 100 },
    });
    expect(printer.cashDrawer).toEqual({
      name: 'Front',
      primaryStartingBalance: 0,
      secondaryStartingBalance: 100,
      primaryResetBalanceType: 'Automatic',
      secondaryResetBalanceType: 'Automatic',
    });
  });

  it('checks the cash drawer details it is given', () => {
    const result = createPrinterInputSchema.safeParse({
      ...base,
      hasCashDrawer: 'One Cash Drawer',
      cashDrawer: { name: 'x'.repeat(31) },
    });
    expect(messages(result)).toEqual([
      ['cashDrawer.name', 'Cash drawer name cannot be longer than 30 characters'],
    ]);
  });
});

describe('printerSchema', () => {
  it('applies the static IP rule to stored records', () => {
    const result = printerSchema.safeParse({
      ...base,
      printerId: 1,
      guid: randomUUID(),
      ipSetup: 'Static',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(messages(result)).toEqual([['ipAddress', 'Static IP setup requires an IP address.']]);
  });
});

describe('updatePrinterInputSchema', () => {
  it('fills in no defaults for omitted fields', () => {
    expect(updatePrinterInputSchema.parse({ name: 'Bar' })).toEqual({ name: 'Bar' });
  });

  it('leaves the static IP rule to the merged record when no address is sent', () => {
    expect(updatePrinterInputSchema.safeParse({ ipSetup: 'Static' }).success).toBe(true);
    expect(messages(updatePrinterInputSchema.safeParse({ ipAddress: '1.2.3' }))).toEqual([
      ['ipAddress', 'Invalid IP address'],
    ]);
  });
});
