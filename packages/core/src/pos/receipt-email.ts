import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import {
  emailReceiptSchema,
  paidAtCounter,
  RECEIPT_EMAILS_PER_SALE,
  TOO_MANY_RECEIPT_EMAILS,
  VOIDED_NO_EMAIL,
} from '@brigade/domain/pos/api';
import { receiptText } from '@brigade/domain/pos/receipt';
import { insertOutboxEmail } from '../identity/index';
import { addOrderEvent, findOrder, ORDER_NOT_FOUND, type OrderRow, orderEventsOf } from '../ordering/index';
import type { PublicSites } from '../qr/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import type { RestaurantScope } from './device-repository';
import { saleReceiptContent } from './receipt';
import { type PosDeps, registerDevice } from './register';

const EMAILED = 'Receipt emailed';

/** `a***@example.com`: enough for the restaurant's history to tell two addresses apart, no more. */
const masked = (email: string) => {
  const [name, domain] = email.split('@');
  return `${name!.slice(0, 1)}***@${domain}`;
};

/**
 * Emails a register sale's receipt (docs/behaviour/pos.md#receipts): the printed receipt's content as plain
 * text, through the outbox and its mail job, written with an order event in the request's transaction — so the mail
 * exists exactly when the history says it was sent, and a crash loses neither. At most
 * RECEIPT_EMAILS_PER_SALE a sale (a typo, then the right address), so a register cannot be made to mail
 * anyone without end.
 */
export async function emailReceipt(
  deps: PosDeps & { sites: PublicSites },
  actor: Actor,
  input: RestaurantScope & { token: unknown; orderId: number; body: unknown },
): Promise<{ sent: true; to: string }> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  await registerDevice(deps, actor, scope, input.token);
  const { email } = emailReceiptSchema.parse(input.body);
  const order = await findOrder(deps.db, scope, input.orderId);
  if (!order || !paidAtCounter(order.channel) || order.status === 'open')
    throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  if (order.status === 'cancelled') throw new BrigadeError('conflict', 'SALE_VOIDED', VOIDED_NO_EMAIL);
  await mailReceipt(deps, order, email, userIdOf(actor));
  return { sent: true, to: email };
}

/**
 * Mails a paid sale's receipt (a register's or a kiosk's) through the outbox, with its order event, in the
 * caller's transaction; refused (429) after RECEIPT_EMAILS_PER_SALE.
 */
export async function mailReceipt(
  deps: UseCaseDeps & { sites: PublicSites },
  order: OrderRow,
  email: string,
  by: string,
): Promise<void> {
  const content = await saleReceiptContent(deps.db, deps.sites, order, {
    customFooter: null,
    reprint: false,
  });
  const subject = `Your receipt from ${content.header[0]} (#${order.number})`;
  // (the request's transaction) the order's row lock: two sends at once count one after the other
  await findOrder(deps.db, order, order.orderId, true);
  const sent = (await orderEventsOf(deps.db, order)).filter((event) =>
    event.note?.startsWith(EMAILED),
  ).length;
  if (sent >= RECEIPT_EMAILS_PER_SALE)
    throw new BrigadeError('rate_limited', 'TOO_MANY_RECEIPT_EMAILS', TOO_MANY_RECEIPT_EMAILS);
  await insertOutboxEmail(deps.db, { to: email, subject, text: receiptText(content) });
  await addOrderEvent(deps.db, order, order.status, by, `${EMAILED} to ${masked(email)}`);
}
