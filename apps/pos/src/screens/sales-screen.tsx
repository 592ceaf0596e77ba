import { errorMessage } from '@brigade/api-client/problem-error';
import { SERVICE_LABELS } from '@brigade/domain/pos/api';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { LoadingView } from '@brigade/ui/components/spinner';
import { useSelection } from '@brigade/ui/selection';
import { useEffect, useRef, useState } from 'react';
import { reprintReceipt } from '../drawer-queries';
import { clockTime } from '../money';
import { isDeviceRefusal, type Sale, useSales } from '../queries';
import { useRegisterContext } from '../register/context';
import { useIsManager } from '../register/manager';
import {
  cardAwaitingTip,
  cardOf,
  handedBack,
  isVoided,
  paidWith,
  salesSummary,
  summaryText,
} from '../sales/figures';
import { EmailReceipt } from './email-receipt';
import { OfflineReview } from './offline-review';
import { TipDialog } from './tip-dialog';
import { VoidDialog } from './void-dialog';

/** Today's sales of the restaurant's registers, newest first (issue 46). */
export function SalesScreen() {
  const { scope, device, onRefused } = useRegisterContext();
  const { clearSelection } = useSelection();
  const sales = useSales(scope, device.token);
  const refused = isDeviceRefusal(sales.error) ? errorMessage(sales.error) : null;
  useEffect(() => {
    if (refused) onRefused(refused);
  }, [refused, onRefused]);
  return (
    <main className="pos-sales">
      <header className="pos-sales__head">
        <h1 className="pos-sales__title">Today’s sales</h1>
        <div className="pos-sales__actions">
          <Button variant="secondary" onClick={() => void sales.refetch()} loading={sales.isFetching}>
            Refresh
          </Button>
          <Button variant="ghost" onClick={clearSelection}>
            Change restaurant
          </Button>
        </div>
      </header>
      {sales.isPending ? (
        <LoadingView message="Loading today’s sales..." />
      ) : sales.isError ? (
        <ErrorView
          title="The sales could not be loaded"
          message={errorMessage(sales.error)}
          actions={<Button onClick={() => void sales.refetch()}>Try Again</Button>}
        />
      ) : (
        <>
          <OfflineReview sales={sales.data} />
          {sales.data.length === 0 ? (
            <EmptyState title="No sales yet today" message="Sales rung up on the registers show here." />
          ) : (
            <SalesTable sales={sales.data} />
          )}
        </>
      )}
    </main>
  );
}

function SalesTable({ sales }: { sales: Sale[] }) {
  const { money, register } = useRegisterContext();
  const manager = useIsManager();
  const [voiding, setVoiding] = useState<Sale | null>(null);
  const [tipping, setTipping] = useState<Sale | null>(null);
  const [voided, setVoided] = useState<number | null>(null);
  const summary = salesSummary(sales);
  return (
    <div className="pos-sales__scroll">
      <table className="pos-sales__table">
        <caption className="ui-visually-hidden">Today’s register sales, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Time</th>
            <th scope="col">Service</th>
            <th scope="col">Guest</th>
            <th scope="col" className="pos-num">
              Total
            </th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale) => (
            <tr
              key={sale.orderId}
              data-order-number={sale.number}
              data-voided={isVoided(sale) ? 'true' : undefined}
            >
              <th scope="row">#{sale.number}</th>
              <td>{clockTime(sale.offline?.soldAt ?? sale.createdAt, register.timezone)}</td>
              <td>{SERVICE_LABELS[sale.service]}</td>
              <td>{sale.guestName ?? '—'}</td>
              <td className="pos-num pos-sales__total">{money(sale.totals.total)}</td>
              <td>
                <SaleStatus sale={sale} focus={voided === sale.orderId} />
              </td>
              <td className="pos-sales__reprint">
                <SaleActions
                  sale={sale}
                  manager={manager}
                  onVoid={() => setVoiding(sale)}
                  onTip={() => setTipping(sale)}
                />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {summaryText(summary)}
            </th>
            <td className="pos-num">{money(summary.total)}</td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </table>
      {tipping && (
        <TipDialog sale={tipping} onClose={() => setTipping(null)} onAdded={() => setTipping(null)} />
      )}
      {voiding && (
        <VoidDialog
          sale={voiding}
          onClose={() => setVoiding(null)}
          onVoided={(sale) => {
            setVoiding(null);
            setVoided(sale.orderId);
          }}
        />
      )}
    </div>
  );
}

/**
 * A card's tip from its receipt while it waits for one; the sale's receipt again (printed or emailed); for a
 * manager, its void. A voided sale has none of them.
 */
function SaleActions(props: { sale: Sale; manager: boolean; onVoid: () => void; onTip: () => void }) {
  const { sale, manager, onVoid } = props;
  if (isVoided(sale)) return null;
  return (
    <div className="pos-sales__row-actions">
      {cardAwaitingTip(sale) && (
        <Button size="sm" aria-label={`Add tip to sale #${sale.number}`} onClick={props.onTip}>
          Add tip
        </Button>
      )}
      <Reprint sale={sale} />
      <EmailReceipt orderId={sale.orderId} number={sale.number} />
      {manager && (
        <Button size="sm" variant="danger" aria-label={`Void sale #${sale.number}`} onClick={onVoid}>
          Void sale
        </Button>
      )}
    </div>
  );
}

/** "Paid in cash" or by card, or "Voided" with what was given back; focused once a void from here went through. */
function SaleStatus({ sale, focus }: { sale: Sale; focus: boolean }) {
  const { money } = useRegisterContext();
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  if (!isVoided(sale))
    return (
      <span className="pos-sales__status">
        {paidWith(sale)}
        <TipNote sale={sale} />
        {sale.offline && (
          <span className="pos-sales__note" data-testid="sold-offline">
            Sold offline
          </span>
        )}
      </span>
    );
  const card = cardOf(sale);
  return (
    <span ref={ref} tabIndex={-1} className="pos-sales__status" data-testid="sale-voided">
      <strong className="pos-sales__voided">Voided</strong>
      <span className="pos-sales__note">
        {money(handedBack(sale))} {card ? `given back to ${card}` : 'handed back in cash'}
      </span>
    </span>
  );
}

/** A card's tip: still to add from its receipt, or what it was. */
function TipNote({ sale }: { sale: Sale }) {
  const { money } = useRegisterContext();
  if (cardAwaitingTip(sale))
    return (
      <span className="pos-sales__note" data-testid="tip-awaited">
        Tip to add from the receipt
      </span>
    );
  const tip = sale.tenders.find((t) => t.kind === 'payment' && (t.card?.tip ?? 0) > 0)?.card?.tip;
  return tip ? <span className="pos-sales__note">Tip {money(tip)}</span> : null;
}

/** "Reprint receipt" on this register's printer; the server's refusal (no printer) shows beside it. */
function Reprint({ sale }: { sale: Sale }) {
  const { scope, device, onRefused } = useRegisterContext();
  const [state, setState] = useState<{ sending: boolean; note?: string; error?: boolean }>({
    sending: false,
  });
  const reprint = async () => {
    setState({ sending: true });
    try {
      await reprintReceipt(scope, device.token, sale.orderId);
      setState({ sending: false, note: 'Receipt printing' });
    } catch (error) {
      if (isDeviceRefusal(error)) return onRefused(errorMessage(error));
      setState({ sending: false, note: errorMessage(error), error: true });
    }
  };
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Reprint receipt #${sale.number}`}
        loading={state.sending}
        loadingText="Sending..."
        onClick={() => void reprint()}
      >
        Reprint receipt
      </Button>
      {state.note && (
        <span
          className="pos-sales__note"
          role={state.error ? 'alert' : 'status'}
          data-tone={state.error ? 'error' : undefined}
        >
          {state.note}
        </span>
      )}
    </>
  );
}
