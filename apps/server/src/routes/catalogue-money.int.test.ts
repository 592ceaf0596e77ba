import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { useOrderingRestaurant } from './test-ordering';

/**
 * Issue 42 items 8 and 9 (docs/behaviour/catalogue.md#money-and-rates): money sent to the catalogue is 0 to
 * 999,999.99 in cents and a percent rate 0 to 100; a modifier never takes money off. Records written before
 * the rule are read as they are, and online ordering never prices them below zero nor beyond the bound.
 */

const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0' } });
const kit = useOrderingRestaurant(t);
const ids: Record<string, number> = {};

type Method = 'POST' | 'PATCH';
const send = (method: Method, path: string, payload: object) =>
  kit.staff('owner', method, `/${path}`, payload);
/** The field errors of a refused write. */
const errorsOf = async (method: Method, path: string, payload: object) => {
  const answer = await send(method, path, payload);
  expect(answer.statusCode, `${path}: ${answer.body}`).toBe(400);
  return answer.json().errors as { path: string; message: string }[];
};

beforeAll(async () => {
  ids.sauce = (
    await kit.create('modifier-groups', {
      name: 'Sauce',
      pricingStrategy: 'Individual',
      onlineOrdering: true,
      selectionRequirement: 'Optional',
      modifiers: [{ name: 'Ketchup', price: 0.5 }],
    })
  ).modifierGroupId as number;
  ids.chips = (
    await kit.create('items', {
      name: 'Chips',
      basePrice: 1,
      modifierGroups: [{ modifierGroupId: ids.sauce, position: 0 }],
    })
  ).itemId as number;
  ids.caviar = (await kit.create('items', { name: 'Caviar', basePrice: 20 })).itemId as number;
  await kit.create('menu-groups', {
    name: 'Snacks',
    isMenu: true,
    items: [ids.chips, ids.caviar].map((itemId, position) => ({ itemId, position })),
  });
});

describe('negative modifier prices (issue 42 item 8)', () => {
  it('refuses a modifier that takes money off, on create and on update', async () => {
    expect(
      await errorsOf('POST', 'modifier-groups', {
        name: 'No cheese',
        pricingStrategy: 'Individual',
        modifiers: [{ name: 'Without', price: -50 }],
      }),
    ).toEqual([{ path: 'modifiers.0.price', message: 'Price cannot be negative' }]);
    expect(
      await errorsOf('PATCH', `modifier-groups/${ids.sauce}`, {
        modifiers: [{ name: 'Ketchup', price: -0.01 }],
      }),
    ).toEqual([{ path: 'modifiers.0.price', message: 'Price cannot be negative' }]);
  });

  it('never quotes below zero, and takes the order, when a negative price was stored before the rule', async () => {
    await t.database.db.execute(
      sql`update modifiers set price = -50 where tenant_id = ${kit.tenantId} and restaurant_id = ${kit.restaurantId} and modifier_group_id = ${ids.sauce}`,
    );
    const lines = [
      { itemId: ids.chips, quantity: 1, modifiers: [{ modifierGroupId: ids.sauce, modifierId: 1 }] },
    ];
    const quote = await kit.guest('POST', `/${kit.slug}/quote`, { lines });
    expect(quote.statusCode, quote.body).toBe(200);
    // the chips' dollar, the modifier counted as nothing
    expect(quote.json().data.totals).toMatchObject({ subtotal: 100, total: 100 });
    const placed = await kit.guest(
      'POST',
      `/${kit.slug}/orders`,
      {
        lines,
        pickup: { asap: true },
        customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
        payment: { token: await kit.tokenOf('4111111111111111'), expiry: '1230' },
      },
      randomUUID(),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.totals.total).toBe(100);
  });
});

describe('upper bounds of money and rates (issue 42 item 9)', () => {
  it('refuses prices, amounts, balances and wages above 999,999.99 or finer than a cent', async () => {
    const tooMuch = (label: string) => `${label} cannot exceed 999,999.99`;
    expect(await errorsOf('POST', 'items', { name: 'Gold', basePrice: 1e308 })).toEqual([
      { path: 'basePrice', message: tooMuch('Base price') },
    ]);
    expect(await errorsOf('POST', 'items', { name: 'Odd', basePrice: 12.345 })).toEqual([
      { path: 'basePrice', message: 'Base price can have at most 2 decimal places' },
    ]);
    expect(
      await errorsOf('POST', 'items', {
        name: 'Sized',
        pricingStrategy: 'size',
        sizePrice: [{ name: 'Huge', price: 1_000_000 }],
      }),
    ).toEqual([{ path: 'sizePrice.0.price', message: tooMuch('Price') }]);
    expect(
      await errorsOf('POST', 'modifier-groups', {
        name: 'Extras',
        pricingStrategy: 'Group',
        groupPrice: 1e308,
        modifiers: [{ name: 'Truffle', price: 1e308 }],
      }),
    ).toEqual([
      { path: 'groupPrice', message: tooMuch('Group price') },
      { path: 'modifiers.0.price', message: tooMuch('Price') },
    ]);
    expect(
      await errorsOf('POST', 'menu-groups', { name: 'Set', pricingType: 'fixed', fixedPrice: 1e308 }),
    ).toEqual([{ path: 'fixedPrice', message: tooMuch('Fixed price') }]);
    expect(await errorsOf('POST', 'cash-drawers', { primaryStartingBalance: 1e308 })).toEqual([
      { path: 'primaryStartingBalance', message: tooMuch('Starting balance') },
    ]);
    expect(
      await errorsOf('POST', 'printers', {
        name: 'P',
        model: 'M',
        hasCashDrawer: 'One Cash Drawer',
        cashDrawer: { secondaryStartingBalance: 1e308 },
      }),
    ).toEqual([{ path: 'cashDrawer.secondaryStartingBalance', message: tooMuch('Starting balance') }]);
    expect(await errorsOf('POST', 'job-titles', { title: 'Chef', defaultWage: 1e7 })).toEqual([
      { path: 'defaultWage', message: tooMuch('Default wage') },
    ]);
    expect(
      await errorsOf('POST', 'employees', {
        firstName: 'A',
        lastName: 'B',
        hourlyRate: 1e308,
        jobAssignments: [{ jobId: 1, wageOverride: 0.001 }],
      }),
    ).toEqual([
      { path: 'hourlyRate', message: tooMuch('Hourly rate') },
      { path: 'jobAssignments.0.wageOverride', message: 'Wage override can have at most 2 decimal places' },
    ]);
    expect(
      await errorsOf('POST', 'items/bulk-update', { itemIds: [ids.chips], change: { basePrice: 1e308 } }),
    ).toEqual([{ path: 'change.basePrice', message: tooMuch('Base price') }]);
    expect((await send('POST', 'items', { name: 'Dearest', basePrice: 999_999.99 })).statusCode).toBe(201);
  });

  it('refuses tax rates above 100 or finer than 4 decimals', async () => {
    expect(await errorsOf('POST', 'tax-rates', { name: 'Huge', rate: 1e308, takeoutTaxrate: 100.5 })).toEqual(
      [
        { path: 'rate', message: 'Rate cannot exceed 100' },
        { path: 'takeoutTaxrate', message: 'Takeout tax rate cannot exceed 100' },
      ],
    );
    expect(await errorsOf('POST', 'tax-rates', { name: 'Fine', rate: 8.87501 })).toEqual([
      { path: 'rate', message: 'Rate can have at most 4 decimal places' },
    ]);
    expect(await errorsOf('POST', 'tax-rates', { name: 'Neg', rate: -1 })).toEqual([
      { path: 'rate', message: 'Rate cannot be negative' },
    ]);
    expect((await send('POST', 'tax-rates', { name: 'City', rate: 8.875 })).statusCode).toBe(201);
  });

  it('keeps an item priced beyond the bound before the rule off the ordering menu, and answers', async () => {
    await t.database.db.execute(
      sql`update items set base_price = 1e308 where tenant_id = ${kit.tenantId} and restaurant_id = ${kit.restaurantId} and item_id = ${ids.caviar}`,
    );
    const menu = await kit.guest('GET', `/${kit.slug}/menu`);
    expect(menu.statusCode, menu.body).toBe(200);
    const names = menu
      .json()
      .data.menus.flatMap((m: { items: { name: string }[] }) => m.items.map((i) => i.name));
    expect(names).toContain('Chips');
    expect(names).not.toContain('Caviar');
    expect(menu.body).not.toContain('"price":null');
    // the catalogue still reads it as it was written
    const stored = await kit.staff('owner', 'GET', `/items/${ids.caviar}`);
    expect(stored.statusCode).toBe(200);
  });
});
