import { Button } from '@brigade/ui/components/button';
import { useEffect, useRef, useState } from 'react';
import { useKiosk } from '../kiosk-context';
import type { PlacedOrder } from '../queries';
import { ReceiptChoices } from './receipt-choices';

const BACK_AFTER_SECONDS = 30;

/**
 * The confirmation: the order number in very large type, what to do next (pay at the counter, the amount),
 * and "Done" — or, paid by card, the receipt choices ("No receipt" is then the way out); the kiosk goes back to its attract screen by itself after
 * half a minute without a touch.
 */
export function DoneScreen({ order, onDone }: { order: PlacedOrder; onDone: () => void }) {
  const { money } = useKiosk();
  const [left, setLeft] = useState(BACK_AFTER_SECONDS);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, onDone]);
  return (
    <main className="kiosk-done">
      <h1 ref={heading} tabIndex={-1} className="kiosk-done__heading">
        Thank you{order.name ? `, ${order.name}` : ''}!
      </h1>
      <p className="kiosk-done__label">Your order number</p>
      <p className="kiosk-done__number" data-testid="order-number">
        {order.number}
      </p>
      {order.payment === 'card' ? (
        <p className="kiosk-done__next" data-testid="paid-by-card">
          Paid <strong>{money(order.totals.total)}</strong> by card
          {order.card?.lastFour ? ` ending ${order.card.lastFour}` : ''}. Your order is on its way to the
          kitchen.
        </p>
      ) : (
        <p className="kiosk-done__next">
          Please pay <strong>{money(order.totals.total)}</strong> at the counter. We start your order as soon
          as it is paid.
        </p>
      )}
      {order.payment === 'card' ? (
        <ReceiptChoices
          orderId={order.orderId}
          onDone={onDone}
          onActivity={() => setLeft(BACK_AFTER_SECONDS)}
        />
      ) : (
        <Button size="lg" className="kiosk-done__button" onClick={onDone}>
          Done
        </Button>
      )}
      <p className="kiosk-done__hint">This screen closes in {left} seconds.</p>
    </main>
  );
}
