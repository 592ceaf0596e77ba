import { SERVICE_LABELS } from '@brigade/domain/pos/api';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import type { ReactNode } from 'react';
import type { BridgeOutcome } from '../offline/print-bridge';
import type { QueuedSale } from '../offline/queue';
import type { Sale } from '../queries';
import { useRegisterContext } from '../register/context';
import { cardOf, paymentParts } from '../sales/figures';

/**
 * The sale is recorded: the change to hand back, big (or, paid by card, the card's brand and last four), the
 * order number, each payment of a check paid in parts, the receipt, and "New sale".
 */
export function SaleDone({ sale, onNewSale }: { sale: Sale; onNewSale: () => void }) {
  const { money } = useRegisterContext();
  // the payment that finished the sale: a check paid in parts lists every part below
  const last = sale.tenders.filter((t) => t.kind === 'payment').at(-1);
  const cash = last?.method === 'cash' ? last : undefined;
  const card = sale.tenders.find((t) => t.method === 'card' && t.kind === 'payment')?.card ?? null;
  const paidBy = cash ? null : cardOf(sale);
  const change = cash?.change ?? 0;
  const parts = paymentParts(sale);
  return (
    <DoneDialog title="Sale complete" onNewSale={onNewSale}>
      <p className="pos-done__label">{paidBy ? 'Paid by card' : 'Change due'}</p>
      <p className="pos-done__change" data-testid={paidBy ? 'card-paid' : 'change-due'}>
        {paidBy ?? money(change)}
      </p>
      <p className="pos-done__order">
        Order <strong data-testid="order-number">#{sale.number}</strong> · {SERVICE_LABELS[sale.service]}
        {sale.guestName ? ` · ${sale.guestName}` : ''}
      </p>
      <dl className="pos-figures pos-done__figures">
        <div>
          <dt>Total</dt>
          <dd data-testid="sale-total">{money(sale.totals.total)}</dd>
        </div>
        {parts.map((part) => (
          <div key={part.key} data-testid="payment-part">
            <dt>{part.label}</dt>
            <dd>{money(part.amount)}</dd>
          </div>
        ))}
        {cash && (
          <div>
            <dt>Cash tendered</dt>
            <dd>{money(cash.tendered)}</dd>
          </div>
        )}
        {card && card.tip > 0 && (
          <div>
            <dt>Tip</dt>
            <dd data-testid="card-tip">{money(card.tip)}</dd>
          </div>
        )}
        {card?.tipPending && (
          <div>
            <dt>Tip</dt>
            <dd data-testid="card-tip-pending">To add from the receipt</dd>
          </div>
        )}
        {card?.authorisationCode && (
          <div>
            <dt>Auth code</dt>
            <dd>{card.authorisationCode}</dd>
          </div>
        )}
      </dl>
      {sale.drawerKick && <p className="pos-done__note">The cash drawer is opening.</p>}
      {sale.receiptQueued && (
        <p className="pos-done__note" data-testid="receipt-printing">
          Receipt printing
        </p>
      )}
    </DoneDialog>
  );
}

/**
 * A sale made offline (decision 063): the change to hand back, and that the sale is kept on this register
 * until the connection is back — no order number, drawer kick or printed receipt until then.
 */
export function QueuedDone({
  sale,
  bridged,
  onNewSale,
}: {
  sale: QueuedSale;
  /** Where the register has a print bridge: its tickets printing, or what printed. */
  bridged?: BridgeOutcome | 'printing' | null | undefined;
  onNewSale: () => void;
}) {
  const { money, queue } = useRegisterContext();
  return (
    <DoneDialog title="Sale kept on this register" onNewSale={onNewSale}>
      <p className="pos-done__label">Change due</p>
      <p className="pos-done__change" data-testid="change-due">
        {money(sale.change)}
      </p>
      <dl className="pos-figures pos-done__figures">
        <div>
          <dt>Total</dt>
          <dd data-testid="sale-total">{money(sale.total)}</dd>
        </div>
        <div>
          <dt>Cash tendered</dt>
          <dd>{money(sale.body.tender.tendered)}</dd>
        </div>
      </dl>
      <p className="pos-done__note" data-testid="sale-queued">
        Offline: the sale is sent to {bridged ? 'the reports' : 'the kitchen and the reports'} when the
        connection is back ({queue.waiting === 1 ? '1 sale waiting' : `${queue.waiting} sales waiting`}).
        {bridged && bridged !== 'printing' && bridged.drawer === 'opened'
          ? ' The drawer opened through the print bridge.'
          : ' Open the drawer with its key.'}
      </p>
      {bridged && <BridgeNote bridged={bridged} />}
    </DoneDialog>
  );
}

/** What the print bridge did with a kept sale's kitchen tickets. */
export function BridgeNote({ bridged }: { bridged: BridgeOutcome | 'printing' }) {
  let text: string;
  const receipt =
    bridged !== 'printing' && bridged.receipt !== 'none'
      ? bridged.receipt === 'printed'
        ? ' Receipt printed.'
        : ' The receipt did not print.'
      : '';
  if (bridged === 'printing') text = 'Printing the kitchen tickets on the print bridge…';
  else if (bridged.notPrinted.length === 0)
    text =
      bridged.printed.length === 0
        ? 'Nothing of this sale goes to a kitchen printer.'
        : 'Kitchen tickets printed through the print bridge.';
  else
    text = `Not printed on the print bridge: ${bridged.notPrinted.join(', ')}. ${
      bridged.notPrinted.length === 1 ? 'It prints' : 'They print'
    } when the connection is back.`;
  return (
    <p className="pos-done__note" data-testid="bridge-print" aria-live="polite">
      {text}
      {receipt}
    </p>
  );
}

/** The dialog that ends a sale (or keeps it, or a check, on the register): what happened, then "New sale". */
export function DoneDialog(props: { title: string; onNewSale: () => void; children: ReactNode }) {
  return (
    <Dialog
      open
      onClose={props.onNewSale}
      title={props.title}
      size="md"
      footer={
        <Button size="lg" className="pos-dialog__primary" onClick={props.onNewSale} data-autofocus>
          New sale
        </Button>
      }
    >
      <div className="pos-done" role="status">
        {props.children}
      </div>
    </Dialog>
  );
}
