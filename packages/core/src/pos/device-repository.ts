import type { Executor } from '@brigade/db/database';
import { printers } from '@brigade/db/schema/catalogue';
import { posDevices } from '@brigade/db/schema/pos';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { scopeWhere } from '../catalogue/index';

/** The registers' rows (packages/db/src/schema/pos.ts). Private to the pos area. */

export interface RestaurantScope {
  tenantId: number;
  restaurantId: number;
}
export type DeviceRow = typeof posDevices.$inferSelect;

export async function insertDevice(ex: Executor, row: typeof posDevices.$inferInsert): Promise<DeviceRow> {
  const [inserted] = await ex.insert(posDevices).values(row).returning();
  return inserted!;
}

export const listDeviceRows = (ex: Executor, scope: RestaurantScope) =>
  ex
    .select()
    .from(posDevices)
    .where(scopeWhere(posDevices, scope))
    .orderBy(sql`${posDevices.revokedAt} is not null`, asc(posDevices.deviceId));

export async function findDevice(ex: Executor, scope: RestaurantScope, deviceId: number) {
  const [row] = await ex
    .select()
    .from(posDevices)
    .where(and(scopeWhere(posDevices, scope), eq(posDevices.deviceId, deviceId)))
    .limit(1);
  return row ?? null;
}

/** The device a token names in this restaurant, and when it was last seen (at most once a minute). */
export async function deviceByToken(ex: Executor, scope: RestaurantScope, tokenHash: string) {
  const [row] = await ex
    .select()
    .from(posDevices)
    .where(and(scopeWhere(posDevices, scope), eq(posDevices.tokenHash, tokenHash)))
    .limit(1);
  return row ?? null;
}

/**
 * The device a token names, in whichever restaurant (a kiosk call names no tenant: its token does). The
 * token hash is unique across tenants; the caller runs outside any tenant's walls.
 */
export async function deviceByTokenAnywhere(ex: Executor, tokenHash: string) {
  const [row] = await ex.select().from(posDevices).where(eq(posDevices.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

export async function markSeen(ex: Executor, device: DeviceRow, now: Date): Promise<void> {
  if (device.lastSeenAt && now.getTime() - device.lastSeenAt.getTime() < 60_000) return;
  await ex
    .update(posDevices)
    .set({ lastSeenAt: now })
    .where(and(scopeWhere(posDevices, device), eq(posDevices.deviceId, device.deviceId)));
}

export async function revokeDeviceRow(ex: Executor, device: DeviceRow, by: string): Promise<DeviceRow> {
  const [row] = await ex
    .update(posDevices)
    .set({ revokedAt: sql`coalesce(${posDevices.revokedAt}, now())`, revokedBy: by })
    .where(
      and(
        scopeWhere(posDevices, device),
        eq(posDevices.deviceId, device.deviceId),
        isNull(posDevices.revokedAt),
      ),
    )
    .returning();
  return row ?? device;
}

/** Pairs (or, with nulls, unpairs) a register's card terminal: its HSN and its sealed API key. */
export async function setDeviceTerminal(
  ex: Executor,
  device: DeviceRow,
  terminal: { hsn: string; sealedKey: string } | null,
): Promise<DeviceRow> {
  const [row] = await ex
    .update(posDevices)
    .set(
      terminal
        ? { terminalHsn: terminal.hsn, terminalKey: terminal.sealedKey, terminalPairedAt: sql`now()` }
        : { terminalHsn: null, terminalKey: null, terminalPairedAt: null },
    )
    .where(and(scopeWhere(posDevices, device), eq(posDevices.deviceId, device.deviceId)))
    .returning();
  return row!;
}

/** A printer of the restaurant (its address or cloud connection, and whether a cash drawer hangs on it). */
export async function findPrinter(ex: Executor, scope: RestaurantScope, printerId: number) {
  const [row] = await ex
    .select({
      printerId: printers.printerId,
      name: printers.name,
      ipAddress: printers.ipAddress,
      connection: printers.connection,
      hasCashDrawer: printers.hasCashDrawer,
      paperWidth: printers.paperWidth,
      customerReceiptFontSize: printers.customerReceiptFontSize,
      customFooter: printers.customFooter,
    })
    .from(printers)
    .where(and(scopeWhere(printers, scope), eq(printers.printerId, printerId)))
    .limit(1);
  return row ?? null;
}
