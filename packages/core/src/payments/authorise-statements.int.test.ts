import { randomBytes, randomUUID } from 'node:crypto';
import { tokenizeCard } from '@brigade/cardpointe/card-entry-page';
import { CardPointeClient } from '@brigade/cardpointe/client';
import { type CardPointeEmulator, startCardPointeEmulator } from '@brigade/cardpointe/emulator';
import { cardPointeProvider } from '@brigade/cardpointe/provider';
import { type LoggedQuery, withQueryLog } from '@brigade/db/query-log';
import { makeRestaurant, makeTenant } from '@brigade/test-utils/factories';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealedBox } from '../secrets/sealed-box';
import { SYSTEM } from '../use-case';
import { authorisePayment } from './authorise';
import { saveMerchantAccount } from './merchant-account-service';
import type { PaymentDeps } from './payment-deps';
import { findTransaction, type RestaurantScope } from './payment-repository';

/**
 * What one payment costs the database (decision 023, `npm run bench -- payments`): the account read, then the
 * key's claim with the pending row and its event in one statement, then the answer with its event and the
 * key's completion in one — three statements in two short transactions, on either engine.
 */
const db = useTestDatabase();
let emulator: CardPointeEmulator;
let scope: RestaurantScope;
let token: string;
const queries: LoggedQuery[] = [];
let deps: PaymentDeps;

beforeAll(async () => {
  emulator = await startCardPointeEmulator();
  const client = new CardPointeClient({
    baseUrl: emulator.restUrl,
    username: 'testing',
    password: 'testing123',
  });
  const logged = withQueryLog(db.database, (query) => queries.push(query));
  const box = createSealedBox(randomBytes(32));
  deps = {
    db: logged,
    transact: (work) => logged.transaction(work),
    gateway: () => client,
    provider: (account) => cardPointeProvider(client, account.merchantId),
    gatewayOrigin: async () => emulator.url,
    secrets: () => box,
    randomBytes: (size) => randomBytes(size),
    pause: async () => {},
  };
  const ex = db.database.db;
  const tenantId = (await makeTenant(ex)).tenantId;
  scope = { tenantId, restaurantId: (await makeRestaurant(ex, tenantId)).restaurantId };
  await saveMerchantAccount(deps, SYSTEM, {
    ...scope,
    merchid: '496160873888',
    site: 'fts',
    environment: 'uat',
    writeMethod: 'PUT',
    enabled: true,
    username: 'testing',
    password: 'testing123',
  });
  token = await tokenizeCard(emulator.url, '4111111111111111');
});
afterAll(() => emulator.close());

/** The statements a call sends, without the transactions' begin and commit (node-postgres logs them). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  queries.length = 0;
  await run();
  return queries.map((q) => q.sql.trim().toLowerCase()).filter((q) => q !== 'begin' && q !== 'commit');
}

describe('the statements of a payment', () => {
  it('takes three for an authorisation (the checkout’s): account, claim with pending row, answer with key', async () => {
    const body = {
      ...scope,
      idempotencyKey: randomUUID(),
      amount: 990,
      capture: false,
      token,
      expiry: '1230',
    };
    const sent = await statementsOf(() => authorisePayment(deps, SYSTEM, body));
    expect(sent).toHaveLength(3);
    expect(sent[2]).toMatch(/^with saved as \(update "payment_transactions"/);
  });

  it('takes the same three and the sales ledger’s write for a sale captured at once', async () => {
    const key = randomUUID();
    const body = { ...scope, idempotencyKey: key, amount: 1250, capture: true, token, expiry: '1230' };
    let transactionId = '';
    const sent = await statementsOf(async () => {
      transactionId = (await authorisePayment(deps, SYSTEM, body)).transaction.transactionId;
    });
    // the ledger (decision 050, 070): its order (none: by its id or a check's card tender, in one read), the
    // sale's lock, refunds, the clock, the lines
    expect(sent.slice(3)).toHaveLength(5);
    expect(sent[3]).toMatch(/from "orders"/);
    expect(sent[4]).toMatch(/pg_advisory_xact_lock/);
    expect(sent.at(-1)).toMatch(/^insert into "ledger_lines"/);
    expect(sent[0]).toMatch(/from "merchant_accounts"/);
    expect(sent[1]).toMatch(/^with claimed as \(insert into "payment_idempotency_keys"/);
    expect(sent[1]).toMatch(/insert into "payment_transactions"/);
    expect(sent[2]).toMatch(/^with saved as \(update "payment_transactions"/);
    expect(sent[2]).toMatch(/update "payment_idempotency_keys"/);

    // what the one statement wrote is what the answer said, and the repeat replays it from the key
    const stored = await findTransaction(db.database.db, scope, transactionId);
    expect(stored).toMatchObject({ status: 'captured', capturedAmount: 1250, lastFour: '1111' });
    const calls = emulator.calls.auth;
    const replayed = await authorisePayment(deps, SYSTEM, body);
    expect(replayed.transaction).toMatchObject({ transactionId, status: 'captured' });
    expect(replayed.transaction.updatedAt).toBe(stored!.updatedAt.toISOString());
    expect(emulator.calls.auth).toBe(calls);
  });
});
