import { Button } from '@brigade/ui/components/button';
import type { ReactNode } from 'react';
import { useKiosk } from '../kiosk-context';

/** The bar every order screen has: the restaurant, "Start over", and the reach toggle. */
export function KioskHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { menu, reach, toggleReach, startOver } = useKiosk();
  return (
    <header className="kiosk-header">
      <div className="kiosk-header__title">
        <span className="kiosk-header__restaurant">{menu?.restaurantName}</span>
        <h1 className="kiosk-header__heading">{title}</h1>
      </div>
      {children}
      <div className="kiosk-header__tools">
        <Button
          variant="secondary"
          size="lg"
          className="kiosk-reach"
          aria-pressed={reach}
          onClick={toggleReach}
          title="Move the controls to the lower part of the screen"
        >
          Controls within reach
        </Button>
        <Button variant="ghost" size="lg" onClick={startOver}>
          Start over
        </Button>
      </div>
    </header>
  );
}
