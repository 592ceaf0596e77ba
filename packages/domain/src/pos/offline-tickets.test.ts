import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../ordering/api';
import { offlineTickets } from './offline-tickets';

/**
 * The tickets an offline register prints through the print bridge: one per station with a raw-TCP printer
 * that gets a line, in the server's ticket format, titled by the sale's label, keyed by sale and station.
 */

const line = (name: string, prepStationIds: number[], extra: Partial<OrderLine> = {}): OrderLine => ({
  itemId: 1,
  name,
  quantity: 1,
  unitPrice: 900,
  modifiers: [],
  modifierCharge: 0,
  lineTotal: 900,
  prepStationIds,
  ...extra,
});

const register = {
  timezone: 'America/New_York',
  courses: [],
  kitchenPrinting: {
    stations: [
      { prepStationId: 1, name: 'Grill', printerIds: [10, 11] },
      { prepStationId: 2, name: 'Bar', printerIds: [12] },
      { prepStationId: 3, name: 'Cold', printerIds: [] },
    ],
    printers: [
      {
        printerId: 10,
        name: 'Grill printer',
        ipAddress: '192.168.1.50',
        paperWidth: 'Wide',
        kitchenTicketFontSize: 'Large',
      },
      {
        printerId: 11,
        name: 'Backup',
        ipAddress: '192.168.1.51',
        paperWidth: 'Narrow',
        kitchenTicketFontSize: 'Normal',
      },
      {
        printerId: 12,
        name: 'Bar printer',
        ipAddress: '192.168.1.52',
        paperWidth: 'Wide',
        kitchenTicketFontSize: 'Normal',
      },
    ],
  },
};

const sale = {
  saleKey: 'key-1',
  label: 'OFFLINE 3',
  service: 'takeout' as const,
  guestName: 'Sam',
  soldAt: new Date('2026-12-07T17:05:00Z'),
  lines: [line('Burger', [1], { kitchenName: 'BRGR', notes: 'no onion' })],
};

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('offline tickets', () => {
  it('prints a ticket for each station with a printer that gets a line, in the server format', () => {
    const tickets = offlineTickets(register, sale);
    expect(tickets.map((t) => [t.key, t.station])).toEqual([['key-1:1', 'Grill']]);
    const [own, backup] = tickets[0]!.targets;
    expect([own?.host, backup?.host]).toEqual(['192.168.1.50', '192.168.1.51']);
    const printed = text(own!.bytes);
    expect(printed).toContain('GRILL');
    expect(printed).toContain('OFFLINE 3 TAKEOUT 12:05');
    expect(printed).toContain('1 x BRGR');
    expect(printed).toContain('NOTE: no onion');
    expect(printed).toContain('Sam');
    // the backup's narrow paper gets its own bytes (32 columns, not 48)
    expect(text(backup!.bytes)).not.toEqual(printed);
  });

  it('sends a line with no station to every station that has a printer, and none to a station without', () => {
    const tickets = offlineTickets(register, { ...sale, lines: [line('Water', [])] });
    expect(tickets.map((t) => t.prepStationId)).toEqual([1, 2]);
    expect(offlineTickets(register, { ...sale, lines: [line('Salad', [3])] })).toEqual([]);
  });
});
