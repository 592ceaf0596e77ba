import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardPointeClient } from './client';
import { type CardPointeEmulator, startCardPointeEmulator } from './emulator';

// The client against the emulator over real HTTP: capture, void and refund by settlement state, the look-ups,
// and settlement and funding on the emulated clock.

const MERCHID = '496160873888';
const OTHER = '800000000001';
const DAY = 86_400_000;
let emulator: CardPointeEmulator;
let client: CardPointeClient;
beforeAll(async () => {
  emulator = await startCardPointeEmulator({
    now: new Date('2025-03-10T15:00:00Z'),
    merchants: [MERCHID, OTHER],
  });
  client = new CardPointeClient({ baseUrl: emulator.restUrl, username: 'testing', password: 'testing123' });
});
afterAll(async () => emulator?.close());

let orderSeq = 0;
async function authorise(amount: string, extra: Record<string, string> = {}) {
  orderSeq += 1;
  const orderid = `BRG-${orderSeq}-X`;
  const answer = await client.auth({
    merchid: MERCHID,
    account: '4111111111111111',
    amount,
    orderid,
    ...extra,
  });
  expect(answer.respstat).toBe('A');
  return { retref: answer.retref!, token: answer.token!, orderid };
}

describe('capture, void and refund', () => {
  it('captures in full without an amount, with a tip above, partially below', async () => {
    const full = await authorise('20.00');
    expect(
      await client.capture({ merchid: MERCHID, account: full.token, retref: full.retref }),
    ).toMatchObject({
      respstat: 'A',
      amount: '20.00',
      setlstat: 'Queued for Capture',
    });
    const tip = await authorise('20.00');
    const tipped = await client.capture({
      merchid: MERCHID,
      account: tip.token,
      retref: tip.retref,
      amount: '24.00',
    });
    expect(tipped.amount).toBe('24.00');
    const part = await authorise('20.00');
    const partial = await client.capture({
      merchid: MERCHID,
      account: part.token,
      retref: part.retref,
      amount: '15.00',
    });
    expect(partial.amount).toBe('15.00');
    const inquiry = await client.inquire(part.retref, MERCHID);
    expect(inquiry).toMatchObject({ amount: '15.00', voidable: 'Y', refundable: 'N', lastfour: '1111' });
    expect(inquiry.capturedate).toMatch(/^\d{14}$/);
  });

  it('voids partially or fully while authorised, only fully once queued for capture', async () => {
    const a = await authorise('30.00');
    const partial = await client.void({ merchid: MERCHID, retref: a.retref, amount: '10.00' });
    expect(partial).toMatchObject({ respstat: 'A', authcode: 'REVERS', amount: '10.00', orderId: a.orderid });
    expect((await client.inquire(a.retref, MERCHID)).amount).toBe('20.00');
    expect(await client.void({ merchid: MERCHID, retref: a.retref })).toMatchObject({
      respstat: 'A',
      amount: '20.00',
    });
    expect((await client.inquire(a.retref, MERCHID)).setlstat).toBe('Voided');

    const b = await authorise('30.00', { capture: 'Y' });
    expect((await client.void({ merchid: MERCHID, retref: b.retref, amount: '5.00' })).respstat).toBe('C');
    expect(await client.void({ merchid: MERCHID, retref: b.retref })).toMatchObject({
      respstat: 'A',
      authcode: 'REVERS',
    });
  });

  it('voids by order id the last approved authorisation, ignoring declined ones', async () => {
    const approved = await authorise('40.00');
    await client.auth({
      merchid: MERCHID,
      account: '4387751111111038',
      amount: '40.00',
      orderid: approved.orderid,
    });
    const answer = await client.voidByOrderId({ merchid: MERCHID, orderid: approved.orderid });
    expect(answer).toMatchObject({ respstat: 'A', retref: approved.retref, authcode: 'REVERS' });
    expect(await client.voidByOrderId({ merchid: MERCHID, orderid: 'NEVER-SEEN' })).toMatchObject({
      respstat: 'C',
      respcode: '29',
    });
  });

  it('refunds only after settlement, never more than captured, and only for the same merchant', async () => {
    const a = await authorise('50.00', { capture: 'Y' });
    expect(await client.refund({ merchid: MERCHID, retref: a.retref })).toMatchObject({
      respstat: 'C',
      respcode: '28',
      respproc: 'PPS',
    });
    emulator.clock.advance(DAY);
    const settled = await client.inquire(a.retref, MERCHID);
    expect(settled).toMatchObject({ setlstat: 'Accepted', voidable: 'N', refundable: 'Y' });
    expect(settled.settledate).toMatch(/^\d{14}$/);
    expect(settled.batchid).toBeTruthy();
    expect(await client.void({ merchid: MERCHID, retref: a.retref })).toMatchObject({
      respstat: 'C',
      respcode: '26',
    });
    expect(await client.refund({ merchid: OTHER, retref: a.retref })).toMatchObject({
      respstat: 'C',
      respcode: '29',
    });
    const part = await client.refund({ merchid: MERCHID, retref: a.retref, amount: '20.00' });
    expect(part).toMatchObject({ respstat: 'A', amount: '20.00' });
    expect(part.retref).not.toBe(a.retref);
    expect((await client.refund({ merchid: MERCHID, retref: a.retref, amount: '40.00' })).respstat).toBe('C');
    expect(await client.refund({ merchid: MERCHID, retref: a.retref })).toMatchObject({
      respstat: 'A',
      amount: '30.00',
    });
    expect((await client.inquire(a.retref, MERCHID)).refundable).toBe('N');
  });
});

describe('look-ups', () => {
  it('inquires by retref (PPS 29 when unknown or of another merchant)', async () => {
    const a = await authorise('9.00');
    expect(await client.inquire(a.retref, MERCHID)).toMatchObject({
      retref: a.retref,
      setlstat: 'Authorized',
    });
    expect(await client.inquire('999999999999', MERCHID)).toMatchObject({ respstat: 'C', respcode: '29' });
    expect((await client.inquire(a.retref, OTHER)).respcode).toBe('29');
  });

  it('inquires by order id: always a list, empty when none', async () => {
    const a = await authorise('7.00');
    expect(await client.inquireByOrderid(a.orderid, MERCHID)).toEqual([
      expect.objectContaining({ retref: a.retref, orderid: a.orderid }),
    ]);
    await client.auth({ merchid: MERCHID, account: '4111111111111111', amount: '7.00', orderid: a.orderid });
    expect(await client.inquireByOrderid(a.orderid, MERCHID, '1')).toHaveLength(2);
    expect(await client.inquireByOrderid(a.orderid, MERCHID)).toHaveLength(2);
    expect(await client.inquireByOrderid('NOPE-1', MERCHID)).toEqual([]);
    expect(emulator.requests.at(-1)?.path).toBe('/cardconnect/rest/inquireByOrderid/NOPE-1/496160873888');
  });

  it('encodes path segments', async () => {
    await client.inquireByOrderid('a/b c', MERCHID);
    expect(emulator.requests.at(-1)?.path).toBe('/cardconnect/rest/inquireByOrderid/a%2Fb%20c/496160873888');
  });

  it('reads the merchant', async () => {
    expect(await client.inquireMerchant(MERCHID)).toMatchObject({
      merchid: MERCHID,
      enabled: true,
      avs: 'Y',
      cvv: 'Y',
      cardproc: 'RPCT',
    });
  });

  it('answers the BIN of a token', async () => {
    const visa = await authorise('1.00');
    expect(await client.bin(MERCHID, visa.token)).toMatchObject({
      product: 'V',
      bin: '411111',
      country: 'US',
    });
    const mc = await client.auth({ merchid: MERCHID, account: '5454545454545454', amount: '1.00' });
    expect((await client.bin(MERCHID, mc.token!)).product).toBe('M');
  });

  it('answers surcharge eligibility by token and postal code', async () => {
    const { token } = await authorise('1.00');
    expect(await client.surcharge({ merchid: MERCHID, token, postal: '04101', amount: '100.00' })).toEqual({
      token: 'CREDIT',
      postal: 'NOT_RESTRICTED',
      fee_amount: '3.00',
      messages: [],
    });
    const restricted = await client.surcharge({ merchid: MERCHID, token, postal: '06103', amount: '100.00' });
    expect(restricted).toMatchObject({ postal: 'RESTRICTED', fee_amount: '0.00' });
    expect((await client.surcharge({ merchid: MERCHID, postal: '02116' })).postal).toBe('RESTRICTED');
  });

  it('captures a signature', async () => {
    const a = await authorise('1.00');
    const answer = await client.sigcap({ merchid: MERCHID, retref: a.retref, signature: 'iVBORw0KGgo=' });
    expect(answer).toMatchObject({ respcode: '00', retref: a.retref, merchid: MERCHID });
    expect((await client.inquire(a.retref, MERCHID)).signature).toBe('iVBORw0KGgo=');
  });
});

describe('settlement and funding on the emulated clock', () => {
  it('batches at the cutoff, funds the next day with fees and a chargeback', async () => {
    const emu = await startCardPointeEmulator({ now: new Date('2025-06-02T10:00:00Z') });
    const c = new CardPointeClient({ baseUrl: emu.restUrl, username: 'testing', password: 'testing123' });
    try {
      const sale = await c.auth({
        merchid: MERCHID,
        account: '4111111111111111',
        amount: '100.00',
        capture: 'Y',
        orderid: 'S-1-X',
      });
      const other = await c.auth({
        merchid: MERCHID,
        account: '5454545454545454',
        amount: '50.00',
        capture: 'Y',
      });
      expect(await c.funding({ merchid: MERCHID })).toBeNull();
      emu.clock.advance(DAY);
      const batches = await c.settlestat({ merchid: MERCHID, date: '0603' });
      expect(batches).toHaveLength(1);
      expect(batches[0]).toMatchObject({ hoststat: 'GB', merchid: MERCHID });
      expect(batches[0]!.txns.map((t) => t.setlstat)).toEqual(['Y', 'Y']);
      const byId = await c.settlestat({ merchid: MERCHID, batchid: batches[0]!.batchid! });
      expect(byId[0]!.txns.find((t) => t.retref === sale.retref)).toMatchObject({
        setlamount: '100.00',
        salesdoc: 'S-1-X',
        cardtype: 'VISA',
      });
      expect(await c.funding({ merchid: MERCHID, date: '0603' })).toBeNull();
      emu.addChargeback({ retref: other.retref!, reasoncode: '41' });
      emu.clock.advance(DAY);
      const funding = (await c.funding({ merchid: MERCHID, date: '20250604' }))!;
      expect(funding.fundingdate).toBe('20250604');
      expect(funding.txns.map((t) => t.cardnumber).sort()).toEqual(['411111XXXXXX1111', '545454XXXXXX5454']);
      // fee: 2.9% + 0.30 per sale = 3.20 + 1.75
      expect(funding.fundings[0]).toMatchObject({
        netsales: '150.00',
        fee: '-4.95',
        adjustment: '-50.00',
        totalfunding: '95.05',
      });
      expect(funding.chargebacks).toEqual([
        expect.objectContaining({ retref: other.retref, reasoncode: '41', amount: '-50.00' }),
      ]);
      expect(funding.adjustments[0]).toMatchObject({ category: 'CHARGEBACK' });
      expect((await c.funding({ merchid: MERCHID }))?.fundingmasterid).toBe(funding.fundingmasterid);
      const paged = (await c.funding({ merchid: MERCHID, date: '0604', page: 1, limit: 1 }))!;
      expect(paged).toMatchObject({ pageNumber: '1', perPageSize: '1', currentPageSize: '1' });
    } finally {
      await emu.close();
    }
  });
});
