import { QUEUES } from '@brigade/db/job-queue';
import { printers } from '@brigade/db/schema/catalogue';
import { drawerKickBytes } from '@brigade/domain/printing/drawer-bytes';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { and, eq } from 'drizzle-orm';
import { scopeWhere } from '../catalogue/index';
import type { JobContext } from '../jobs/index';
import { isCloudPrinter, isReachable, type PrintDeps } from '../ordering/index';
import { EPOS_MEDIA_TYPE, eposDrawerKick, STAR_MEDIA_TYPE } from '../printing/index';
import { leaveForCloudPrinter } from './cloud-documents';

/**
 * The `pos.drawer` job (docs/behaviour/pos.md#the-cash-drawer): opens a register's cash drawer by sending the
 * ESC/POS "generate pulse" command to the printer the drawer hangs on (drawer kick-out connector pin 2; a
 * printer with two drawers gets pin 5 too). Throws while tries are left, so the queue retries a printer that
 * is off; the sale itself never waits for the drawer. A cloud printer gets the pulse in its own language
 * (StarPRNT's, or ePOS-Print's `<pulse>`) through the print queue.
 */

export { drawerKickBytes };

/** StarPRNT's drawer pulse (the encoder's), on the first drawer and on the second when there are two. */
const starDrawerKick = (drawers: number): Uint8Array => {
  let encoder = new ReceiptPrinterEncoder({ language: 'star-prnt' }).pulse(0);
  if (drawers > 1) encoder = encoder.pulse(1);
  return encoder.encode();
};

export async function kickDrawerJob(
  deps: PrintDeps,
  data: { tenantId: number; restaurantId: number; printerId: number; cloudTry?: number },
  context: JobContext = { id: 'now', retryCount: 0, retryLimit: 0 },
): Promise<'sent' | 'left for the printer' | 'no printer'> {
  const scope = { tenantId: data.tenantId, restaurantId: data.restaurantId };
  const [printer] = await deps.db
    .select()
    .from(printers)
    .where(and(scopeWhere(printers, scope), eq(printers.printerId, data.printerId)))
    .limit(1);
  if (!printer || !isReachable(printer) || printer.hasCashDrawer === 'No Cash Drawer') return 'no printer';
  const drawers = printer.hasCashDrawer === 'Two Cash Drawers' ? 2 : 1;
  if (isCloudPrinter(printer)) {
    const document =
      printer.connection === 'Epson Server Direct Print'
        ? { mediaType: EPOS_MEDIA_TYPE, body: Buffer.from(eposDrawerKick(drawers)) }
        : { mediaType: STAR_MEDIA_TYPE, body: starDrawerKick(drawers) };
    await leaveForCloudPrinter(deps, { queue: QUEUES.drawer.name, data, context, printer }, document);
    return 'left for the printer';
  }
  await deps.transport(printer.ipAddress!, drawerKickBytes(drawers));
  return 'sent';
}
