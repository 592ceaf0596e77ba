import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardPointeClient } from './client';
import { type CardPointeEmulator, startCardPointeEmulator } from './emulator';
import { cardPointeProvider } from './provider';

// CardPointe behind the payment provider port (decision 061), against the emulator over real HTTP: what the
// port's words become on CardPointe's wire and back — cents, approval words, the void's REVERS, "Txn not
// found" as nothing found, 14-digit dates as times, settlement batches.

const MERCHID = '496160873888';
const DAY = 86_400_000;
let emulator: CardPointeEmulator;
let client: CardPointeClient;
let order = 0;
const orderId = () => `PORT-${++order}-X`;

beforeAll(async () => {
  emulator = await startCardPointeEmulator({ now: new Date('2025-03-10T15:00:00Z'), merchants: [MERCHID] });
  client = new CardPointeClient({ baseUrl: emulator.restUrl, username: 'testing', password: 'testing123' });
});
afterAll(async () => emulator?.close());

const provider = () => cardPointeProvider(client, MERCHID);
const sale = (card: string, amount: number, capture = true) =>
  provider().authorise({
    card: { token: card, expiry: '1230' },
    amount,
    currency: 'USD',
    paymentOrderId: orderId(),
    capture,
  });

describe("CardPointe's adapter to the provider port", () => {
  it('authorises in cents and answers in the port’s words', async () => {
    const answer = await sale('4111111111111111', 1234, false);
    expect(answer).toMatchObject({
      approval: 'approved',
      amount: 1234,
      processorCode: expect.stringMatching(/^0{2,3}$/),
      settlementStatus: 'Authorized',
    });
    expect(answer.processorReference).toMatch(/^\w{8,14}$/);
    expect(answer.token).toMatch(/^9\d{15}$/);
    expect(Object.keys(answer)).not.toContain('respstat');
  });

  it('reads a decline as declined, its code and text kept as data', async () => {
    const answer = await sale('4387751111111038', 500);
    expect(answer).toMatchObject({
      approval: 'declined',
      processorCode: '100',
      processorText: 'Do Not Honor',
    });
  });

  it('captures, and says a void voided (CardPointe’s REVERS)', async () => {
    const held = await sale('4111111111111111', 2000, false);
    const captured = await provider().capture({
      processorReference: held.processorReference!,
      token: held.token,
      amount: 2200,
    });
    expect(captured).toMatchObject({ approval: 'approved', amount: 2200 });
    const voided = await provider().void({ processorReference: held.processorReference! });
    expect(voided).toMatchObject({ approval: 'approved', voided: true });
  });

  it('finds nothing under an order id the gateway never saw, and the payment under one it did', async () => {
    expect(await provider().findByOrder('NEVER-SENT-1')).toEqual([]);
    const paymentOrderId = orderId();
    await provider().authorise({
      card: { token: '4111111111111111', expiry: '1230' },
      amount: 900,
      currency: 'USD',
      paymentOrderId,
      capture: true,
    });
    const [found] = await provider().findByOrder(paymentOrderId);
    expect(found).toMatchObject({ approval: 'approved', amount: 900 });
    const voided = await provider().voidByOrder(paymentOrderId);
    expect(voided.voided).toBe(true);
  });

  it('inquires: voidable, then settled with its time, batch and refundable; refunds in cents', async () => {
    const paid = await sale('4111111111111111', 3000);
    const before = await provider().inquire(paid.processorReference!);
    expect(before).toMatchObject({ voidable: true, refundable: false, settledAt: null });
    emulator.clock.advance(DAY);
    const after = await provider().inquire(paid.processorReference!);
    expect(after).toMatchObject({ voidable: false, refundable: true });
    expect(after.settledAt).toBeInstanceOf(Date);
    expect(after.settlementBatch).toBeTruthy();
    const refund = await provider().refund({
      processorReference: paid.processorReference!,
      amount: 1000,
      paymentOrderId: orderId(),
    });
    expect(refund).toMatchObject({ approval: 'approved', amount: 1000 });
    // once settled it cannot be voided: the adapter says so rather than reading approval alone
    expect((await provider().void({ processorReference: paid.processorReference! })).voided).toBe(false);
    const batches = [
      ...(await provider().settlements('2025-03-10')),
      ...(await provider().settlements('2025-03-11')),
    ];
    const entry = batches
      .flatMap((b) => b.entries)
      .find((e) => e.processorReference === paid.processorReference);
    expect(entry).toMatchObject({ amount: 3000, outcome: 'accepted' });
  });

  it('checks the account: enabled, with its features in words', async () => {
    expect(await provider().checkAccount()).toMatchObject({ enabled: true, features: expect.any(Array) });
  });
});
