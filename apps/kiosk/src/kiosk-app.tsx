import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { cartReducer, emptyCart, itemsById } from './cart';
import { readReach, type StoredKiosk, writeReach } from './device-store';
import { useIdle } from './idle';
import { KioskContext } from './kiosk-context';
import { money } from './money';
import { isDeviceRefusal, type PlacedOrder, useKioskMenu } from './queries';
import { AttractScreen } from './screens/attract-screen';
import { DoneScreen } from './screens/done-screen';
import { MenuScreen } from './screens/menu-screen';
import { ReviewScreen } from './screens/review-screen';

type Phase = 'attract' | 'menu' | 'review' | 'done';

/**
 * The kiosk's flow: the attract screen, the menu, the order's review (dine in or takeout, a name or a table
 * tent, "Pay at counter"), the confirmation with the order number, and back. Leaving it alone returns it to
 * the attract screen with the cart cleared.
 */
export function KioskApp({ kiosk, onRefused }: { kiosk: StoredKiosk; onRefused: (message: string) => void }) {
  const menu = useKioskMenu(kiosk.token);
  const [phase, setPhase] = useState<Phase>('attract');
  const [cart, dispatch] = useReducer(cartReducer, undefined, emptyCart);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [reach, setReach] = useState(readReach);
  const startOver = useCallback(() => {
    dispatch({ type: 'clear' });
    setPlaced(null);
    setPhase('attract');
  }, []);
  const [busy, setBusy] = useState(false);
  const idle = useIdle((phase === 'menu' || phase === 'review') && !busy, startOver);
  useEffect(() => {
    if (menu.error && isDeviceRefusal(menu.error)) onRefused((menu.error as Error).message);
  }, [menu.error, onRefused]);
  const items = useMemo(() => itemsById(menu.data?.menus ?? []), [menu.data]);
  const currency = menu.data?.currency ?? 'USD';
  const context = useMemo(
    () => ({
      kiosk,
      menu: menu.data,
      items,
      cart,
      dispatch,
      money: (cents: number) => money(cents, currency),
      reach,
      toggleReach: () =>
        setReach((on) => {
          writeReach(!on);
          return !on;
        }),
      startOver,
      setBusy,
    }),
    [kiosk, menu.data, items, cart, currency, reach, startOver],
  );
  if (menu.isPending)
    return (
      <p role="status" className="ui-loading ui-loading--page">
        Loading the menu...
      </p>
    );
  if (!menu.data) return <MenuProblem error={menu.error} onRetry={() => void menu.refetch()} />;
  return (
    <KioskContext.Provider value={context}>
      <div className={`kiosk${reach ? ' kiosk--reach' : ''}`}>
        {phase === 'attract' && <AttractScreen onStart={() => setPhase('menu')} />}
        {phase === 'menu' && <MenuScreen onReview={() => setPhase('review')} />}
        {phase === 'review' && (
          <ReviewScreen
            onBack={() => setPhase('menu')}
            onPlaced={(order) => {
              setPlaced(order);
              setPhase('done');
            }}
          />
        )}
        {phase === 'done' && placed && <DoneScreen order={placed} onDone={startOver} />}
        {idle.warning !== null && (
          <IdleDialog seconds={idle.warning} onStillHere={idle.stillHere} onStartOver={startOver} />
        )}
      </div>
    </KioskContext.Provider>
  );
}

/** The menu could not be read (the server down, no menu on the kiosk now): the guest is sent to the counter. */
function MenuProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <main className="kiosk-problem">
      <Alert tone="error" title="This kiosk cannot take orders right now">
        {error instanceof Error ? error.message : 'The menu could not be loaded.'} Please order at the
        counter.
      </Alert>
      <Button size="lg" onClick={onRetry}>
        Try again
      </Button>
    </main>
  );
}

/** "Are you still there?": the seconds left before the order is cleared, and more time on one touch. */
function IdleDialog(props: { seconds: number; onStillHere: () => void; onStartOver: () => void }) {
  return (
    <Dialog open alert onClose={props.onStillHere} title="Are you still there?" footer={null}>
      <div className="kiosk-idle">
        <p>
          Your order will be cleared in <strong>{props.seconds}</strong> seconds.
        </p>
        <Button size="lg" block data-autofocus onClick={props.onStillHere}>
          I'm still here
        </Button>
        <Button size="lg" block variant="secondary" onClick={props.onStartOver}>
          Start over
        </Button>
      </div>
    </Dialog>
  );
}
