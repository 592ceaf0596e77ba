import { rmSync } from 'node:fs';
import { openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import { makeRestaurant, makeTenant } from '@brigade/test-utils/factories';
import { migrationsUpTo } from '@brigade/test-utils/migrations-up-to';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';

// Migration 0049 (decision 061) on payments written before it (PGlite, whatever the engine of the run): the
// columns are renamed in place, so every value is still there under its neutral name, and the approval
// letters become words.

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('migration 0049: the payment tables speak the provider port’s words', () => {
  it('keeps every payment and account value under its new name', async () => {
    const database = await openDatabase({});
    const before = migrationsUpTo('0046_kiosk');
    try {
      await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: before });
      const db = database.db;
      const { tenantId } = await makeTenant(db);
      const { restaurantId } = await makeRestaurant(db, tenantId);
      await db.execute(sql`insert into merchant_accounts
        (tenant_id, restaurant_id, merchid, site, environment, credentials, updated_by)
        values (${tenantId}, ${restaurantId}, '496160873888', 'fts', 'uat', 'sealed', 'system')`);
      for (const [orderid, respstat] of [
        ['ORD-A', 'A'],
        ['ORD-B', 'B'],
        ['ORD-C', 'C'],
        ['ORD-N', null],
      ] as const)
        await db.execute(sql`insert into payment_transactions
          (tenant_id, restaurant_id, kind, status, merchid, orderid, retref, amount, respstat, respcode, resptext,
           respproc, authcode, avsresp, cvvresp, setlstat, batchid, created_by)
          values (${tenantId}, ${restaurantId}, 'sale', 'captured', '496160873888', ${orderid}, ${`R${orderid}`},
           1250, ${respstat}, '00', 'Approval', 'RPCT', 'PPS123', 'Y', 'M', 'Queued for Capture', '1900', 'u-1')`);

      await runMigrations(database);

      const payments = rowsOf(
        await db.execute(sql`select payment_order_id, processor_reference, approval, processor_code, processor_text,
          processor_platform, authorisation_code, avs_result, cvv_result, settlement_status, settlement_batch,
          merchant_id, amount from payment_transactions order by payment_order_id`),
      );
      expect(payments.map((p) => p.approval)).toEqual(['approved', 'retry', 'declined', null]);
      expect(payments[0]).toEqual({
        payment_order_id: 'ORD-A',
        processor_reference: 'RORD-A',
        approval: 'approved',
        processor_code: '00',
        processor_text: 'Approval',
        processor_platform: 'RPCT',
        authorisation_code: 'PPS123',
        avs_result: 'Y',
        cvv_result: 'M',
        settlement_status: 'Queued for Capture',
        settlement_batch: '1900',
        merchant_id: '496160873888',
        amount: expect.anything(),
      });
      const accounts = rowsOf(await db.execute(sql`select merchant_id from merchant_accounts`));
      expect(accounts).toEqual([{ merchant_id: '496160873888' }]);
      // the unique indexes kept their work under their new names
      const indexes = rowsOf(
        await db.execute(sql`select indexname from pg_indexes where tablename = 'payment_transactions'`),
      ).map((i) => i.indexname);
      expect(indexes).toEqual(
        expect.arrayContaining([
          'payment_transactions_payment_order_id_key',
          'payment_transactions_processor_reference_key',
        ]),
      );
      expect(indexes.filter((name) => /orderid|retref/.test(String(name)))).toEqual([]);
    } finally {
      await database.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
