import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import { printers } from '@brigade/db/schema/catalogue';
import { printerLinks, printJobs } from '@brigade/db/schema/printing';
import type { Actor } from '@brigade/domain/access';
import { isCloudConnection, normalizedMac } from '@brigade/domain/catalogue/printer';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import type { CloudPrinterLink, PrinterConnectionStatus } from '@brigade/domain/printing/api';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { resolveCatalogueScope, scopeWhere } from '../catalogue/index';
import { userIdOf } from '../use-case';

/**
 * A cloud printer's link (docs/behaviour/printing.md#connecting-a-cloud-printer): a manager asks for it and
 * is shown, once, the URL the printer is to poll and the password it is to send (HTTP Basic); only the
 * password's SHA-256 is kept. Asking again replaces both: the old password stops working at once.
 */

interface Scope {
  tenantId: number;
  restaurantId: number;
}

export const CLOUD_PRINT_PATH = '/api/v1/cloud-print';
export const NOT_A_CLOUD_PRINTER =
  'This printer is on raw TCP: choose Star CloudPRNT or Epson Server Direct Print first';
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function createPrinterLink(
  deps: { db: Executor; publicOrigin: string },
  actor: Actor,
  input: Scope & { printerId: number },
): Promise<CloudPrinterLink> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const [printer] = await deps.db
    .select()
    .from(printers)
    .where(and(scopeWhere(printers, scope), eq(printers.printerId, input.printerId)));
  if (!printer) throw notFound('Printer not found', 'PRINTER_NOT_FOUND');
  if (!isCloudConnection(printer.connection))
    throw new BrigadeError('conflict', 'NOT_A_CLOUD_PRINTER', NOT_A_CLOUD_PRINTER);
  const linkId = randomBytes(12).toString('base64url');
  const secret = randomBytes(24).toString('base64url');
  const values = { linkId, secretHash: hashOf(secret), createdBy: userIdOf(actor), createdAt: new Date() };
  await deps.db
    .insert(printerLinks)
    .values({ ...scope, printerId: input.printerId, ...values })
    .onConflictDoUpdate({
      target: [printerLinks.tenantId, printerLinks.restaurantId, printerLinks.printerId],
      set: { ...values, lastPollAt: null, lastStatus: null },
    });
  return {
    printerId: input.printerId,
    connection: printer.connection as CloudPrinterLink['connection'],
    pollUrl: `${deps.publicOrigin}${CLOUD_PRINT_PATH}/${linkId}`,
    userName: userNameOf(printer),
    password: secret,
  };
}

/**
 * The user name to enter beside the password: the printer's MAC without separators (HTTP Basic's user name
 * cannot hold a colon) or its Epson ID. The server does not check it; the link and the password decide.
 */
const userNameOf = (printer: { connection: string; cloudDeviceId: string | null }) =>
  printer.connection === 'Star CloudPRNT'
    ? (normalizedMac(printer.cloudDeviceId ?? '') ?? 'brigade')
    : (printer.cloudDeviceId ?? 'brigade');

/** Every printer of the restaurant, how it is connected, and what its last poll said. */
export async function listPrinterConnections(
  deps: { db: Executor; publicOrigin: string },
  actor: Actor,
  scope: Scope,
): Promise<PrinterConnectionStatus[]> {
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const rows = await deps.db
    .select({ printer: printers, link: printerLinks })
    .from(printers)
    .leftJoin(
      printerLinks,
      and(
        eq(printerLinks.tenantId, printers.tenantId),
        eq(printerLinks.restaurantId, printers.restaurantId),
        eq(printerLinks.printerId, printers.printerId),
      ),
    )
    .where(scopeWhere(printers, scope))
    .orderBy(printers.printerId);
  const waiting = await deps.db
    .select({ printerId: printJobs.printerId, count: sql<number>`count(*)::int` })
    .from(printJobs)
    .where(and(scopeWhere(printJobs, scope), inArray(printJobs.status, ['waiting', 'handed'])))
    .groupBy(printJobs.printerId);
  const counts = new Map(waiting.map((row) => [row.printerId, Number(row.count)]));
  return rows.map(({ printer, link }) => ({
    printerId: printer.printerId,
    name: printer.name,
    connection: printer.connection as PrinterConnectionStatus['connection'],
    cloudDeviceId: printer.cloudDeviceId,
    pollUrl: link ? `${deps.publicOrigin}${CLOUD_PRINT_PATH}/${link.linkId}` : null,
    linkedAt: link?.createdAt ?? null,
    lastPollAt: link?.lastPollAt ?? null,
    lastStatus: link?.lastStatus ?? null,
    state: stateOf(link?.lastStatus ?? null),
    waiting: counts.get(printer.printerId) ?? 0,
  }));
}

/** What a status reads as: CloudPRNT codes (2xx online, 41x paper, 42x cover), or Epson's error codes. */
export function stateOf(status: string | null): PrinterConnectionStatus['state'] {
  if (status === null) return 'unknown';
  if (/^2\d\d/.test(status) || status === 'OK') return 'online';
  if (/^41\d/.test(status) || status.includes('EPTR_REC_EMPTY')) return 'paper out';
  if (/^42\d/.test(status) || status.includes('EPTR_COVER_OPEN')) return 'cover open';
  return 'error';
}

export interface AuthenticatedPrinter {
  tenantId: number;
  restaurantId: number;
  printerId: number;
  name: string;
  connection: string;
  cloudDeviceId: string | null;
}

/**
 * The printer a poll comes from: its link id (from the URL) and the password of its HTTP Basic
 * authorization, compared in constant time. Null for anything else (the route answers 401).
 */
export async function authenticatePrinter(
  db: Executor,
  linkId: string,
  authorization: string | undefined,
): Promise<AuthenticatedPrinter | null> {
  const password = basicPassword(authorization);
  if (password === null || !/^[A-Za-z0-9_-]{16}$/.test(linkId)) return null;
  const [row] = await db
    .select({ link: printerLinks, printer: printers })
    .from(printerLinks)
    .innerJoin(
      printers,
      and(
        eq(printers.tenantId, printerLinks.tenantId),
        eq(printers.restaurantId, printerLinks.restaurantId),
        eq(printers.printerId, printerLinks.printerId),
      ),
    )
    .where(eq(printerLinks.linkId, linkId))
    .limit(1);
  if (!row) return null;
  const expected = Buffer.from(row.link.secretHash, 'hex');
  const given = createHash('sha256').update(password).digest();
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (!isCloudConnection(row.printer.connection)) return null;
  return {
    tenantId: row.link.tenantId,
    restaurantId: row.link.restaurantId,
    printerId: row.link.printerId,
    name: row.printer.name,
    connection: row.printer.connection,
    cloudDeviceId: row.printer.cloudDeviceId,
  };
}

function basicPassword(authorization: string | undefined): string | null {
  const match = /^Basic ([A-Za-z0-9+/=]{1,400})$/.exec(authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/** Whether the MAC (CloudPRNT) or ID (Epson) a poll names is the printer's own; a link is not lent out. */
export function sameDevice(printer: AuthenticatedPrinter, named: string | undefined): boolean {
  if (!printer.cloudDeviceId || named === undefined) return false;
  if (printer.connection === 'Star CloudPRNT')
    return normalizedMac(named) === normalizedMac(printer.cloudDeviceId);
  return named === printer.cloudDeviceId;
}

/** Records a poll: when, and the status it reported (kept when it reported none). */
export async function recordPoll(db: Executor, printer: AuthenticatedPrinter, status: string | null) {
  await db
    .update(printerLinks)
    .set({ lastPollAt: new Date(), ...(status === null ? {} : { lastStatus: status.slice(0, 200) }) })
    .where(
      and(
        eq(printerLinks.tenantId, printer.tenantId),
        eq(printerLinks.restaurantId, printer.restaurantId),
        eq(printerLinks.printerId, printer.printerId),
      ),
    );
}
