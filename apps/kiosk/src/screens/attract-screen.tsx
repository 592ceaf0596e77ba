import { useEffect, useRef } from 'react';
import { useKiosk } from '../kiosk-context';

/**
 * What the kiosk shows between guests: the restaurant's name and one large "Touch to order" target that
 * fills the screen (a touch anywhere, Enter or Space starts an order).
 */
export function AttractScreen({ onStart }: { onStart: () => void }) {
  const { menu } = useKiosk();
  const start = useRef<HTMLButtonElement>(null);
  useEffect(() => start.current?.focus(), []);
  return (
    <main className="kiosk-attract">
      <button ref={start} type="button" className="kiosk-attract__target" onClick={onStart}>
        <span className="kiosk-attract__eyebrow">Welcome to</span>
        <span className="kiosk-attract__name">{menu?.restaurantName}</span>
        <span className="kiosk-attract__call">Touch to order</span>
        <span className="kiosk-attract__note">Order here, pay at the counter</span>
      </button>
    </main>
  );
}
