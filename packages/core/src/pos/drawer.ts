import type { Executor } from '@brigade/db/database';
import type { PrinterTransport } from '../ordering/kitchen-printing';
import { findPrinter } from './device-repository';

/**
 * The `pos.drawer` job (docs/behaviour/pos.md#the-cash-drawer): opens a register's cash drawer by sending the
 * ESC/POS "generate pulse" command to the printer the drawer hangs on (drawer kick-out connector pin 2; a
 * printer with two drawers gets pin 5 too). Throws while tries are left, so the queue retries a printer that
 * is off; the sale itself never waits for the drawer.
 */

/** ESC p m t1 t2: a pulse on connector pin m (0: pin 2, 1: pin 5), on for t1×2 ms, off for t2×2 ms. */
export const drawerKickBytes = (drawers: number): Uint8Array =>
  Uint8Array.from([
    ...[0x1b, 0x70, 0x00, 0x19, 0xfa],
    ...(drawers > 1 ? [0x1b, 0x70, 0x01, 0x19, 0xfa] : []),
  ]);

export async function kickDrawerJob(
  deps: { db: Executor; transport: PrinterTransport },
  data: { tenantId: number; restaurantId: number; printerId: number },
): Promise<'sent' | 'no printer'> {
  const printer = await findPrinter(deps.db, data, data.printerId);
  if (!printer?.ipAddress || printer.hasCashDrawer === 'No Cash Drawer') return 'no printer';
  await deps.transport(
    printer.ipAddress,
    drawerKickBytes(printer.hasCashDrawer === 'Two Cash Drawers' ? 2 : 1),
  );
  return 'sent';
}
