import { describe, expect, it } from 'vitest';
import { shellFiles } from '../../vite-offline';
import { checkReducer, EMPTY_CHECK, saleOf } from '../check/check';
import type { Item, RegisterData } from '../queries';
import { keptCheckOf, offlineSaleOf } from './offline-sale';

/**
 * What the register keeps for a sale made offline (decision 063): the sale's body with the moment and what
 * each line was charged — priced by the same code as the check — and the worker's list of files to keep.
 */

const item = (itemId: number, price: number, extra: Partial<Item> = {}): Item =>
  ({
    itemId,
    name: `Item ${itemId}`,
    buttonLabel: `Item ${itemId}`,
    pricingStrategy: 'base',
    price,
    sizes: [],
    modifierGroups: [],
    soldOut: false,
    containsAlcohol: false,
    prepStationIds: [],
    taxRateIds: [],
    taxInclusion: false,
    takeoutTaxException: false,
    ...extra,
  }) as Item;

const register = {
  menus: [
    {
      menuGroupId: 1,
      name: 'Counter',
      items: [item(1, 1200), item(2, 0, { pricingStrategy: 'open' })],
      groups: [],
    },
  ],
  rules: { taxRates: [], serviceChargePercent: 0 },
} as unknown as Pick<RegisterData, 'menus' | 'rules'>;

describe('a sale kept offline', () => {
  it('carries its key, its moment and the price charged for every line, and the change', () => {
    let check = checkReducer(EMPTY_CHECK, { type: 'add', line: { itemId: 1, quantity: 2, modifiers: [] } });
    check = checkReducer(check, {
      type: 'add',
      line: { itemId: 2, quantity: 1, modifiers: [], openPrice: 650 },
    });
    const at = new Date('2026-12-06T12:00:00.000Z');
    const kept = offlineSaleOf(check, register, saleOf(check, 4000), { key: 'k-1', place: '1:2:3', at });
    expect(kept).toEqual({
      place: '1:2:3',
      key: 'k-1',
      body: {
        ...saleOf(check, 4000),
        offline: {
          soldAt: '2026-12-06T12:00:00.000Z',
          charged: [
            { unitPrice: 1200, modifierCharge: 0 },
            { unitPrice: 650, modifierCharge: 0 },
          ],
        },
      },
      total: 3050,
      change: 950,
      soldAt: '2026-12-06T12:00:00.000Z',
    });
  });

  it('is not kept when a line cannot be priced (an item the register no longer sells)', () => {
    const check = checkReducer(EMPTY_CHECK, {
      type: 'add',
      line: { itemId: 99, quantity: 1, modifiers: [] },
    });
    const sold = { key: 'k', place: 'p', at: new Date() };
    expect(offlineSaleOf(check, register, saleOf(check, 100), sold)).toBeNull();
  });
});

describe('a check kept open offline', () => {
  it('carries its key, the moment it was kept and its lines to send, and no tender', () => {
    let check = checkReducer(EMPTY_CHECK, { type: 'add', line: { itemId: 1, quantity: 2, modifiers: [] } });
    check = checkReducer(check, { type: 'service', service: 'takeout' });
    check = checkReducer(check, { type: 'guest', guestName: ' Dana ' });
    const at = new Date('2026-12-06T12:30:00.000Z');
    expect(keptCheckOf(check, register, { key: 'c-1', place: '1:2:3', at })).toEqual({
      kind: 'check',
      place: '1:2:3',
      key: 'c-1',
      body: {
        service: 'takeout',
        guestName: 'Dana',
        lines: [{ itemId: 1, quantity: 2, modifiers: [] }],
        send: true,
        offline: { openedAt: '2026-12-06T12:30:00.000Z' },
      },
      total: 2400,
      soldAt: '2026-12-06T12:30:00.000Z',
    });
    const gone = checkReducer(EMPTY_CHECK, { type: 'add', line: { itemId: 9, quantity: 1, modifiers: [] } });
    expect(keptCheckOf(gone, register, { key: 'c-2', place: '1:2:3', at })).toBeNull();
  });
});

describe("the worker's shell", () => {
  it('keeps the page, the manifest, the icon and the built files, not the source maps or itself', () => {
    expect(
      shellFiles(['index.html', 'assets/a-1.js', 'assets/a-1.js.map', 'assets/b-2.css', 'sw.js']),
    ).toEqual(['assets/a-1.js', 'assets/b-2.css', 'icon.svg', 'index.html', 'manifest.webmanifest']);
  });
});
