import { randomUUID } from 'node:crypto';
import { importFunding, importRecentReports } from '@brigade/core/payments/funding-import';
import type { PaymentDeps } from '@brigade/core/payments/payment-deps';
import { getReconciliationRange } from '@brigade/core/payments/reconciliation';
import { SYSTEM } from '@brigade/core/use-case';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { paymentFundings, paymentReportDays, paymentReportEntries } from '@brigade/db/schema/payments';
import { withinWalls } from '@brigade/db/tenant-walls';
import { addDaysTo } from '@brigade/domain/ledger/reports';
import { makeRestaurant, makeTenant } from '@brigade/test-utils/factories';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer } from '../test-client';
import { systemOrderingDeps } from './ordering';
import { useOrderingRestaurant } from './test-ordering';

/**
 * The gateway's reports stored (issue 44 item 5, docs/behaviour/payments.md#stored-funding) on both engines,
 * against the CardPointe emulator, whose funding of a day's captures comes two cutoffs later with its fee
 * (2.9% + $0.30 a sale): the `payments.reports` job stores settlement and funding once, a run again adds
 * nothing, another tenant sees none of it, and a gateway that fails or answers nonsense leaves the stored
 * reports as they were. Then the journal's fees and deposits, and a range reconciled from what is stored.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0', CARDPOINTE_TIMEOUT_MS: '1500' } });
const kit = useOrderingRestaurant(t);
const { staff, guest, create, tokenOf } = kit;
let burger = 0;
let otherTenantId = 0;

beforeAll(async () => {
  burger = (await create('items', { name: 'Burger', basePrice: 12 })).itemId as number;
  await create('menu-groups', { name: 'Dinner', isMenu: true, items: [{ itemId: burger, position: 0 }] });
  otherTenantId = (await makeTenant(t.database.db)).tenantId;
  await makeRestaurant(t.database.db, otherTenantId);
});

async function acceptedOrder(quantity: number) {
  const placed = await guest(
    'POST',
    `/${kit.slug}/orders`,
    {
      lines: [{ itemId: burger, quantity }],
      pickup: { asap: true },
      customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
      payment: { token: await tokenOf('4111111111111111'), expiry: '1230' },
    },
    randomUUID(),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const list = (await staff('employee', 'GET', '/orders')).json().data as {
    orderId: number;
    token: string;
  }[];
  const { orderId } = list.find((o) => o.token === placed.json().data.token)!;
  const moved = await staff('employee', 'POST', `/orders/${orderId}/status`, { status: 'accepted' });
  expect(moved.statusCode, moved.body).toBe(200);
  const data = moved.json().data as { transactionId: string; totals: { total: number } };
  return { orderId, transactionId: data.transactionId, total: data.totals.total };
}

const deps = () => systemOrderingDeps(t.deps, t.app.log);
const scope = () => ({ tenantId: kit.tenantId, restaurantId: kit.restaurantId });
const now = () => kit.emulator.clock.now();
const stored = () =>
  t.database.db
    .select()
    .from(paymentFundings)
    .where(
      and(eq(paymentFundings.tenantId, kit.tenantId), eq(paymentFundings.restaurantId, kit.restaurantId)),
    );
/** The payments' deps with a gateway whose funding answers `funding` (or throws what it throws). */
const withFunding = (funding: () => Promise<unknown>): PaymentDeps => {
  const real = deps();
  return { ...real, gateway: (account) => ({ ...real.gateway(account), funding }) as never };
};

let total = 0;
let orderId = 0;
let transactionId = '';
let fundingDate = '';
const entries = () =>
  t.database.db.select().from(paymentReportEntries).where(eq(paymentReportEntries.tenantId, kit.tenantId));

/** The funding of every date forgotten, as if never imported: rows, entries and marks. */
async function forgetFunding() {
  const db = t.database.db;
  await db.delete(paymentFundings).where(eq(paymentFundings.tenantId, kit.tenantId));
  await db
    .delete(paymentReportEntries)
    .where(
      and(
        eq(paymentReportEntries.tenantId, kit.tenantId),
        inArray(paymentReportEntries.kind, ['funded', 'chargeback']),
      ),
    );
  await db
    .delete(paymentReportDays)
    .where(and(eq(paymentReportDays.tenantId, kit.tenantId), eq(paymentReportDays.report, 'funding')));
}

/** What the funding import has written for the tenant. */
async function fundingWritten() {
  const db = t.database.db;
  return {
    fundings: (await stored()).length,
    entries: (await entries()).filter((entry) => entry.kind !== 'settled').length,
    days: (
      await db
        .select()
        .from(paymentReportDays)
        .where(and(eq(paymentReportDays.tenantId, kit.tenantId), eq(paymentReportDays.report, 'funding')))
    ).length,
  };
}

describe('storing the gateway’s settlement and funding', () => {
  it('stores the emulator’s deposit of a day’s capture: net sales, its fee and the net deposit', async () => {
    ({ total, orderId, transactionId } = await acceptedOrder(2));
    expect(await stored()).toEqual([]);
    // the capture settles at the next cutoff and is deposited at the one after
    kit.emulator.clock.advance(72 * 3600_000);
    const run = await importRecentReports(deps(), now());
    // 7 dates of each report, one deposit among them
    expect(run).toMatchObject({ settlementDays: 7, fundingDays: 7, deposits: 1, failures: [] });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    const fee = Math.round((total * 29) / 1000) + 30;
    expect(rows[0]).toMatchObject({
      merchantId: '496160873888',
      netSales: total,
      fees: -fee,
      adjustments: 0,
      chargebacks: 0,
      totalFunding: total - fee,
      currency: 'USD',
      depositCount: 1,
      transactionCount: 1,
      chargebackCount: 0,
    });
    fundingDate = rows[0]!.fundingDate;
    // the same figures the funding screen reads from the gateway live
    const live = await staff('manager', 'GET', `/payments/funding?date=${fundingDate}`);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().data).toMatchObject({ netSales: total, fees: -fee, totalFunding: total - fee });
    // and the transaction, settled the day before its deposit, by its retrieval reference
    const kinds = (await entries()).map((entry) => [entry.kind, entry.amount]);
    expect(kinds.sort()).toEqual([
      ['funded', total],
      ['settled', total],
    ]);
  });

  it('reads again a date whose last read was made before the date had ended', async () => {
    // an older date (not among the three read on every run), as if a manager had refreshed it that day
    const [older] = await t.database.db
      .select({ date: paymentReportDays.reportDate })
      .from(paymentReportDays)
      .where(and(eq(paymentReportDays.tenantId, kit.tenantId), eq(paymentReportDays.report, 'settlement')))
      .orderBy(paymentReportDays.reportDate)
      .limit(1);
    await t.database.db
      .update(paymentReportDays)
      .set({ importedAt: new Date(`${older!.date}T12:00:00Z`) })
      .where(
        and(
          eq(paymentReportDays.tenantId, kit.tenantId),
          eq(paymentReportDays.report, 'settlement'),
          eq(paymentReportDays.reportDate, older!.date),
        ),
      );
    const run = await importRecentReports(deps(), now());
    // the three most recent of each, and the older settlement date once more
    expect(run).toMatchObject({ settlementDays: 4, fundingDays: 3, failures: [] });
    const [read] = await t.database.db
      .select({ importedAt: paymentReportDays.importedAt })
      .from(paymentReportDays)
      .where(
        and(
          eq(paymentReportDays.tenantId, kit.tenantId),
          eq(paymentReportDays.report, 'settlement'),
          eq(paymentReportDays.reportDate, older!.date),
        ),
      );
    expect(read!.importedAt.getTime()).toBe(now().getTime());
  });

  it('adds nothing when run again, and a date imported again is updated in place', async () => {
    const before = await stored();
    const listed = await entries();
    // paced: a pause between two gateway calls, none before the first
    const pauses: number[] = [];
    const gatewayCalls = () => (kit.emulator.calls.settlestat ?? 0) + (kit.emulator.calls.funding ?? 0);
    const callsBefore = gatewayCalls();
    const run = await importRecentReports(deps(), now(), {
      pauseMs: 40,
      sleep: async (ms) => {
        pauses.push(ms);
      },
    });
    // every date was imported, with or without a deposit: only the last three are read again (their batches
    // may still settle and their deposits land), and reading them again adds nothing
    expect(run).toMatchObject({ settlementDays: 3, fundingDays: 3, failures: [] });
    expect(pauses).toEqual([40, 40, 40, 40, 40]);
    expect(gatewayCalls() - callsBefore).toBeGreaterThanOrEqual(6);
    const again = await importFunding(deps(), scope(), fundingDate);
    expect(again).toMatchObject({ fundingDate, totalFunding: before[0]!.totalFunding });
    const after = await stored();
    expect(after).toHaveLength(1);
    expect({ ...after[0], updatedAt: null }).toEqual({ ...before[0], updatedAt: null });
    // the date's entries replaced, not added to
    const strip = (rows: typeof listed) => rows.map(({ entryId: _e, ...entry }) => entry);
    expect(strip(await entries())).toEqual(expect.arrayContaining(strip(listed)));
    expect(await entries()).toHaveLength(listed.length);
  });

  it('shows another tenant none of it, even with the application’s own tenant filter left out', async () => {
    const all = (tenants: number[]) =>
      withinWalls(t.database.db, { tenants }, async (tx) => ({
        fundings: (await tx.select().from(paymentFundings)).length,
        entries: (await tx.select().from(paymentReportEntries)).length,
        days: (await tx.select().from(paymentReportDays)).length,
      }));
    expect(await all([otherTenantId])).toEqual({ fundings: 0, entries: 0, days: 0 });
    expect(await all([kit.tenantId])).toEqual({ fundings: 1, entries: 2, days: 14 });
  });

  it('leaves the stored funding as it was when the gateway fails or answers an amount that is not money', async () => {
    const before = await stored();
    const nonsense = withFunding(async () => ({
      fundingmasterid: '1',
      fundings: [{ netsales: '12.00', fee: 'n/a', totalfunding: '11.00' }],
      txns: [],
      adjustments: [],
      chargebacks: [],
    }));
    await expect(importFunding(nonsense, scope(), fundingDate)).rejects.toMatchObject({
      kind: 'bad_gateway',
      code: 'GATEWAY_FUNDING_UNREADABLE',
    });
    expect(await stored()).toEqual(before);
    // funding not imported yet (as before the job ran), and the gateway down: nothing is written, and the
    // job says which date failed
    await forgetFunding();
    const down = withFunding(async () => {
      throw new Error('connection reset');
    });
    await expect(importFunding(down, scope(), fundingDate)).rejects.toMatchObject({ code: 'GATEWAY_ERROR' });
    const run = await importRecentReports(down, now());
    expect(run).toMatchObject({ fundingDays: 0, deposits: 0 });
    expect(run.failures).toEqual([
      { ...scope(), report: 'funding', date: run.failures[0]!.date, code: 'GATEWAY_ERROR' },
    ]);
    expect(await fundingWritten()).toEqual({ fundings: 0, entries: 0, days: 0 });
    // the next run with the gateway back finds the dates missing and stores them
    expect(await importRecentReports(deps(), now())).toMatchObject({
      fundingDays: 7,
      deposits: 1,
      failures: [],
    });
    expect((await stored()).map((row) => row.totalFunding)).toEqual(before.map((row) => row.totalFunding));
  });

  it('writes a date’s funding row, entries and mark in one transaction: cut off after them, none remains', async () => {
    await forgetFunding();
    const real = deps();
    const cutOff: PaymentDeps = {
      ...real,
      transact: (work) =>
        real.transact(async (tx) => {
          await work(tx);
          throw new Error('the process died before the commit');
        }),
    };
    await expect(importFunding(cutOff, scope(), fundingDate)).rejects.toThrow('died before the commit');
    expect(await fundingWritten()).toEqual({ fundings: 0, entries: 0, days: 0 });
    expect(await importFunding(deps(), scope(), fundingDate)).toMatchObject({ fundingDate });
    expect(await fundingWritten()).toEqual({ fundings: 1, entries: 1, days: 1 });
  });

  it('refuses a date that is not one, before asking the gateway', async () => {
    const asked: unknown[] = [];
    const watched = withFunding(async () => asked.push('asked'));
    for (const date of ['yesterday', '2026-02-30', '20260201'])
      await expect(importFunding(watched, scope(), date)).rejects.toMatchObject({
        kind: 'validation',
        message: 'date must be YYYY-MM-DD',
      });
    expect(asked).toEqual([]);
  });
});

type JournalDay = { date: string; netSales: number; cardNet: number; fees: number; deposits: number };

describe('the daily journal’s fees and deposits', () => {
  const journal = async (from: string, to: string) => {
    const answer = await staff('manager', 'GET', `/reports/journal?from=${from}&to=${to}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as { currency: string; days: JournalDay[] };
  };

  it('shows the stored deposit and its fee on the funding date, and zeros on a date without one', async () => {
    const fee = Math.round((total * 29) / 1000) + 30;
    const [line] = await t.database.db
      .select({ date: ledgerLines.businessDate })
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, orderId))
      .limit(1);
    const salesDate = line!.date;
    const { currency, days } = await journal(salesDate, fundingDate);
    expect(currency).toBe('USD');
    // the sale's day has its card money and no deposit; the funding date has no sale and the deposit
    expect(days).toEqual([
      expect.objectContaining({ date: salesDate, netSales: total, cardNet: total, fees: 0, deposits: 0 }),
      expect.objectContaining({
        date: fundingDate,
        netSales: 0,
        cardNet: 0,
        fees: fee,
        deposits: total - fee,
      }),
    ]);
    // the organization's book adds up its restaurants' deposits the same way
    const tenant = await asBearer(t.app, kit.sessions.owner, {
      method: 'GET',
      url: `/api/v1/tenants/${kit.tenantId}/reports/journal?from=${fundingDate}&to=${fundingDate}`,
    });
    expect(tenant.statusCode, tenant.body).toBe(200);
    expect(tenant.json().data.days).toEqual([expect.objectContaining({ fees: fee, deposits: total - fee })]);
  });

  it('keeps another tenant’s owner out of the journal that shows the deposit', async () => {
    const other = await staff('otherOwner', 'GET', `/reports/journal?from=${fundingDate}&to=${fundingDate}`);
    expect(other.statusCode).toBe(403);
  });
});

type RangeRow = {
  transactionId: string;
  status: string;
  ledger: number;
  settled: number | null;
  funded: number | null;
};
type Deposit = {
  date: string;
  sales: number;
  fees: number;
  adjustments: number;
  reversals: number;
  chargebacks: number;
  deposited: number;
};
type Range = {
  totals: { ledger: number; settled: number; funded: number; differences: number };
  days: { date: string; rows: RangeRow[] }[];
  deposits: Deposit[];
  depositTotals: Omit<Deposit, 'date'>;
};

describe('reconciling a range of days from the stored reports', () => {
  let salesDate = '';
  const rangeOf = async (from: string, to: string, who: 'manager' | 'employee' = 'manager') =>
    staff(who, 'GET', `/reports/reconciliation/range?from=${from}&to=${to}`);
  /** The payments' deps with a gateway and a processor that fail whatever they are asked. */
  const noGateway = (): PaymentDeps => {
    const fail = () => {
      throw new Error('the range must not call the gateway');
    };
    return { ...deps(), gateway: fail, provider: fail };
  };

  beforeAll(async () => {
    const [line] = await t.database.db
      .select({ date: ledgerLines.businessDate })
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, orderId))
      .limit(1);
    salesDate = line!.date;
  });

  it('matches the day’s capture with its stored settlement and deposit, over a range, without the gateway', async () => {
    const answer = await rangeOf(addDaysTo(salesDate, -10), addDaysTo(salesDate, 10));
    expect(answer.statusCode, answer.body).toBe(200);
    const range = answer.json().data as Range;
    // only the days with card money
    expect(range.days.map((day) => day.date)).toEqual([salesDate]);
    expect(range.days[0]!.rows).toEqual([
      expect.objectContaining({
        transactionId,
        status: 'matched',
        ledger: total,
        settled: total,
        funded: total,
      }),
    ]);
    expect(range.totals).toEqual({ ledger: total, settled: total, funded: total, differences: 0 });
    // the deposit dated in the range, its fee a cost, and their sum
    const fee = Math.round((total * 29) / 1000) + 30;
    const deposit = {
      sales: total,
      fees: fee,
      adjustments: 0,
      reversals: 0,
      chargebacks: 0,
      deposited: total - fee,
    };
    expect(range.deposits).toEqual([{ date: fundingDate, ...deposit }]);
    expect(range.depositTotals).toEqual(deposit);
    // a range ending before the deposit has none
    const before = (await rangeOf(salesDate, salesDate)).json().data as Range;
    expect(fundingDate > salesDate).toBe(true);
    expect(before.deposits).toEqual([]);
    expect(before.depositTotals).toMatchObject({ fees: 0, deposited: 0 });
    const direct = await getReconciliationRange(noGateway(), SYSTEM, {
      ...scope(),
      from: salesDate,
      to: salesDate,
    });
    expect(direct.days[0]!.rows[0]).toMatchObject({ transactionId, status: 'matched' });
  });

  it('reads the stored reports only: the day’s settlement forgotten, its capture is awaited again', async () => {
    // (a settlement not imported is awaited, never missing, however old: the domain's tests hold that rule)
    await t.database.db
      .delete(paymentReportEntries)
      .where(and(eq(paymentReportEntries.tenantId, kit.tenantId), eq(paymentReportEntries.kind, 'settled')));
    await t.database.db
      .delete(paymentReportDays)
      .where(and(eq(paymentReportDays.tenantId, kit.tenantId), eq(paymentReportDays.report, 'settlement')));
    const range = await getReconciliationRange(noGateway(), SYSTEM, {
      ...scope(),
      from: salesDate,
      to: salesDate,
    });
    expect(range.days[0]!.rows[0]).toMatchObject({
      transactionId,
      status: 'awaiting_settlement',
      settled: null,
    });
    expect(range.totals).toMatchObject({ ledger: total, settled: 0 });
  });

  it('refuses a range that is not one, longer than 31 days, an employee and another tenant’s owner', async () => {
    const backwards = await rangeOf(salesDate, addDaysTo(salesDate, -1));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('from must be on or before to');
    const long = await rangeOf(salesDate, addDaysTo(salesDate, 31));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('A reconciliation covers at most 31 days');
    expect((await rangeOf('yesterday', salesDate)).statusCode).toBe(400);
    // a year PostgreSQL cannot hold is the field's 400, never a 500
    expect((await rangeOf(salesDate, '9999-12-31')).statusCode).toBe(400);
    expect((await rangeOf(salesDate, salesDate, 'employee')).statusCode).toBe(403);
    const other = await staff(
      'otherOwner',
      'GET',
      `/reports/reconciliation/range?from=${salesDate}&to=${salesDate}`,
    );
    expect(other.statusCode).toBe(403);
  });
});
