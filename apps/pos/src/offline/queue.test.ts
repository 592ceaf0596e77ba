import { ProblemError } from '@brigade/api-client/problem-error';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { type Kept, type NewKept, type NewQueuedSale, openSaleQueue } from './queue';
import { SYNC_BATCH, syncQueue } from './sync';

/**
 * The register's offline queue (decision 063) on an in-memory IndexedDB (fake-indexeddb): the pure queue and
 * its sync. The browser test (e2e/pos-offline.e2e.ts) runs it in Chromium against a really stopped server.
 */

const PLACE = '1:2:3';
const saleOf = (key: string, place = PLACE): NewQueuedSale => ({
  place,
  key,
  body: {
    service: 'dine_in',
    lines: [{ itemId: 1, quantity: 1, modifiers: [] }],
    tender: { method: 'cash', tendered: 500 },
    offline: { soldAt: '2026-12-06T11:00:00.000Z', charged: [{ unitPrice: 400, modifierCharge: 0 }] },
  },
  total: 440,
  change: 60,
  soldAt: '2026-12-06T11:00:00.000Z',
});

/** A check kept open to pay later (decision 072). */
const checkOf = (key: string): NewKept => ({
  kind: 'check',
  place: PLACE,
  key,
  body: {
    service: 'takeout',
    guestName: 'Dana',
    lines: [{ itemId: 1, quantity: 2, modifiers: [] }],
    send: true,
    offline: { openedAt: '2026-12-06T11:05:00.000Z' },
  },
  total: 880,
  soldAt: '2026-12-06T11:05:00.000Z',
});

const fresh = () => openSaleQueue(new IDBFactory());
const keysOf = (sales: Kept[]) => sales.map((s) => `${s.key}:${s.state}`);
const lost = () => new ProblemError(0, { detail: 'Failed to fetch' });

describe('the offline queue', () => {
  it('keeps sales in the order they were made, per register, with their keys', async () => {
    const queue = await fresh();
    for (const key of ['a', 'b', 'c']) await queue.add(saleOf(key));
    await queue.add(saleOf('other', '1:2:4'));
    expect(keysOf(await queue.list(PLACE))).toEqual(['a:waiting', 'b:waiting', 'c:waiting']);
    expect((await queue.list(PLACE))[0]!.body).toEqual(saleOf('a').body);
    await queue.remove('b');
    await queue.remove('b'); // sent by another tab already: nothing to do
    expect(keysOf(await queue.list(PLACE))).toEqual(['a:waiting', 'c:waiting']);
  });

  it('refuses a second sale with a key already queued', async () => {
    const queue = await fresh();
    await queue.add(saleOf('a'));
    await expect(queue.add(saleOf('a'))).rejects.toThrow();
    expect(await queue.list(PLACE)).toHaveLength(1);
  });

  it('survives a reopen (a reload or a browser crash)', async () => {
    const factory = new IDBFactory();
    const first = await openSaleQueue(factory);
    await first.add(saleOf('a'));
    first.close();
    const again = await openSaleQueue(factory);
    expect(keysOf(await again.list(PLACE))).toEqual(['a:waiting']);
  });
});

describe('syncing the queue', () => {
  it('sends every sale in order with its own key and empties the queue', async () => {
    const queue = await fresh();
    for (const key of ['a', 'b', 'c']) await queue.add(saleOf(key));
    const sent: string[] = [];
    const outcome = await syncQueue(queue, PLACE, async (sale) => sent.push(sale.key));
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(outcome).toEqual({ sent: 3, refused: 0, stoppedBy: null });
    expect(await queue.list(PLACE)).toEqual([]);
  });

  it('stops at the first sale without an answer and keeps it and the later ones, in order', async () => {
    const queue = await fresh();
    for (const key of ['a', 'b', 'c']) await queue.add(saleOf(key));
    const sent: string[] = [];
    const outcome = await syncQueue(queue, PLACE, async (sale) => {
      if (sale.key === 'b') throw lost();
      sent.push(sale.key);
    });
    expect(sent).toEqual(['a']);
    expect(outcome.sent).toBe(1);
    expect(outcome.stoppedBy).toBeInstanceOf(ProblemError);
    expect(keysOf(await queue.list(PLACE))).toEqual(['b:waiting', 'c:waiting']);
    // the server failing or the register locked: the same, it may work next time
    const locked = await syncQueue(queue, PLACE, async () => {
      throw new ProblemError(403, { detail: 'This register is locked; unlock it with your passcode' });
    });
    expect(locked.sent).toBe(0);
    expect(keysOf(await queue.list(PLACE))).toEqual(['b:waiting', 'c:waiting']);
  });

  it('keeps a sale the server refuses as it stands for a manager, and sends the others', async () => {
    const queue = await fresh();
    for (const key of ['a', 'b', 'c']) await queue.add(saleOf(key));
    const refusal = new ProblemError(400, {
      detail: 'The order cannot be placed as it is',
      errors: [{ path: 'lines.0.itemId', message: 'This item is not on the POS menu now' }],
    });
    const outcome = await syncQueue(queue, PLACE, async (sale) => {
      if (sale.key === 'b') throw refusal;
    });
    expect(outcome).toEqual({ sent: 2, refused: 1, stoppedBy: null });
    const [kept] = await queue.list(PLACE);
    expect(kept).toMatchObject({
      key: 'b',
      state: 'refused',
      problem: 'The order cannot be placed as it is: This item is not on the POS menu now',
    });
    // a refused sale is not sent again by the next round
    const again: string[] = [];
    await syncQueue(queue, PLACE, async (sale) => again.push(sale.key));
    expect(again).toEqual([]);
  });
  it('holds a sale back while the print bridge prints its tickets, then sends it with the stations printed', async () => {
    const queue = await fresh();
    await queue.add({ ...saleOf('a'), printingSince: new Date().toISOString() });
    await queue.add(saleOf('b'));
    const sent: Kept[] = [];
    const send = async (sale: Kept) => {
      sent.push(sale);
    };
    // the first is printing: nothing goes, in order
    expect(await syncQueue(queue, PLACE, send)).toMatchObject({ sent: 0, stoppedBy: 'printing' });
    await queue.printed('a', [7]);
    expect(await syncQueue(queue, PLACE, send)).toMatchObject({ sent: 2, stoppedBy: null });
    expect(sent.map((sale) => [sale.key, sale.body.offline?.printedStations])).toEqual([
      ['a', [7]],
      ['b', undefined],
    ]);
    expect(sent[0]!.printingSince).toBeUndefined();
  });

  it('sends a sale whose printing never said how it went (the tab died) after a minute', async () => {
    const queue = await fresh();
    await queue.add({ ...saleOf('a'), printingSince: new Date(Date.now() - 61_000).toISOString() });
    const keys: string[] = [];
    expect(await syncQueue(queue, PLACE, async (sale) => void keys.push(sale.key))).toMatchObject({
      sent: 1,
    });
    expect(keys).toEqual(['a']);
  });

  it('sends kept checks in their place among the sales, each as what it is, with the stations printed', async () => {
    const queue = await fresh();
    await queue.add(saleOf('a'));
    await queue.add({ ...checkOf('b'), printingSince: new Date().toISOString() });
    await queue.add(saleOf('c'));
    const sent: Kept[] = [];
    const send = async (kept: Kept) => void sent.push(kept);
    // the check is printing on the bridge: the sale before it goes, the one after waits, in order
    expect(await syncQueue(queue, PLACE, send)).toMatchObject({ sent: 1, stoppedBy: 'printing' });
    await queue.printed('b', [3]);
    expect(await syncQueue(queue, PLACE, send)).toMatchObject({ sent: 2, stoppedBy: null });
    expect(sent.map((kept) => [kept.key, kept.kind ?? 'sale'])).toEqual([
      ['a', 'sale'],
      ['b', 'check'],
      ['c', 'sale'],
    ]);
    const check = sent[1]!;
    expect(check.kind === 'check' && check.body).toEqual({
      ...checkOf('b').body,
      offline: { openedAt: '2026-12-06T11:05:00.000Z', printedStations: [3] },
    });
  });

  describe('in batches (decision 073)', () => {
    /** A batch sender that records what it was given and answers each sale as `answer` says. */
    const batches = (answer: (sale: Kept) => ProblemError | null | 'stop' = () => null) => {
      const sent: string[][] = [];
      const sendSales = async (sales: Kept[]) => {
        sent.push(sales.map((sale) => sale.key));
        const answers: (ProblemError | null)[] = [];
        for (const sale of sales) {
          const said = answer(sale);
          if (said === 'stop') {
            answers.push(new ProblemError(409, { detail: 'This register is not taking sales now' }));
            break;
          }
          answers.push(said);
        }
        return answers;
      };
      return { sent, sendSales };
    };
    const one = async (kept: Kept) => {
      if (kept.kind !== 'check') throw new Error(`sale ${kept.key} sent alone`);
    };

    it('sends the cash sales in a row as batches of at most SYNC_BATCH, a kept check alone between them', async () => {
      const queue = await fresh();
      const keys = Array.from({ length: SYNC_BATCH + 2 }, (_, n) => `s${n}`);
      for (const key of keys.slice(0, 2)) await queue.add(saleOf(key));
      await queue.add(checkOf('check'));
      for (const key of keys.slice(2)) await queue.add(saleOf(key));
      const { sent, sendSales } = batches();
      const outcome = await syncQueue(queue, PLACE, one, undefined, sendSales);
      expect(outcome).toEqual({ sent: SYNC_BATCH + 3, refused: 0, stoppedBy: null });
      expect(sent).toEqual([['s0', 's1'], keys.slice(2)]);
      expect(await queue.list(PLACE)).toEqual([]);
    });

    it('keeps a sale a batch refused for good, and stops where an answer may change, keeping the rest in order', async () => {
      const queue = await fresh();
      for (const key of ['a', 'b', 'c', 'd']) await queue.add(saleOf(key));
      const refusal = new ProblemError(400, {
        detail: 'The order cannot be placed as it is',
        errors: [{ path: 'offline.charged', message: 'Give what was charged for every line of the sale' }],
      });
      const { sendSales } = batches((sale) =>
        sale.key === 'b' ? refusal : sale.key === 'c' ? 'stop' : null,
      );
      const outcome = await syncQueue(queue, PLACE, one, undefined, sendSales);
      expect(outcome).toMatchObject({ sent: 1, refused: 1 });
      expect(outcome.stoppedBy).toMatchObject({ status: 409 });
      expect(keysOf(await queue.list(PLACE))).toEqual(['b:refused', 'c:waiting', 'd:waiting']);
    });

    it('keeps every sale of a batch that got no answer', async () => {
      const queue = await fresh();
      for (const key of ['a', 'b']) await queue.add(saleOf(key));
      const outcome = await syncQueue(queue, PLACE, one, undefined, async () => {
        throw lost();
      });
      expect(outcome).toMatchObject({ sent: 0, refused: 0 });
      expect(outcome.stoppedBy).toBeInstanceOf(ProblemError);
      expect(keysOf(await queue.list(PLACE))).toEqual(['a:waiting', 'b:waiting']);
    });

    it('holds the batch back at a sale whose tickets are printing: the sales before it go', async () => {
      const queue = await fresh();
      await queue.add(saleOf('a'));
      await queue.add({ ...saleOf('b'), printingSince: new Date().toISOString() });
      await queue.add(saleOf('c'));
      const { sent, sendSales } = batches();
      expect(await syncQueue(queue, PLACE, one, undefined, sendSales)).toMatchObject({
        sent: 1,
        stoppedBy: 'printing',
      });
      expect(sent).toEqual([['a']]);
      expect(keysOf(await queue.list(PLACE))).toEqual(['b:waiting', 'c:waiting']);
    });
  });
});
