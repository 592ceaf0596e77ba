import { errorMessage } from '@brigade/api-client/problem-error';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { LoadingView } from '@brigade/ui/components/spinner';
import { useSession } from '@brigade/ui/lib/session';
import { useEffect, useState } from 'react';
import { KIND_LABELS, movementTotals, staffName } from '../drawer/figures';
import { type MovementKind, type Session, useDrawer, useDrawerActions } from '../drawer-queries';
import { clockTime } from '../money';
import { isDeviceRefusal } from '../queries';
import { useRegisterContext } from '../register/context';
import { CloseDrawerDialog, ClosedResult, MovementDialog, Problems } from './drawer-dialogs';
import { centsOfDigits, Keypad } from './keypad';
import { PrintBridgeCard } from './print-bridge-card';

/**
 * The register's cash drawer (issue 46): opened with a float counted on the keypad; pay-ins and pay-outs
 * with their reasons; closed with a blind count (what it should hold is shown only once the count is in).
 */
export function DrawerScreen() {
  const { scope, device, onRefused } = useRegisterContext();
  const drawer = useDrawer(scope, device.token);
  const [closed, setClosed] = useState<Session | null>(null);
  const refused = isDeviceRefusal(drawer.error) ? errorMessage(drawer.error) : null;
  useEffect(() => {
    if (refused) onRefused(refused);
  }, [refused, onRefused]);

  let body: React.ReactNode;
  if (closed) body = <ClosedResult session={closed} onDone={() => setClosed(null)} />;
  else if (drawer.isPending) body = <LoadingView message="Loading the drawer..." />;
  else if (drawer.isError)
    body = (
      <ErrorView
        title="The drawer could not be loaded"
        message={errorMessage(drawer.error)}
        actions={<Button onClick={() => void drawer.refetch()}>Try Again</Button>}
      />
    );
  else if (drawer.data === null) body = <OpenDrawerForm />;
  else body = <OpenSession session={drawer.data} onClosed={setClosed} />;
  return (
    <main className="pos-sales pos-drawer">
      <header className="pos-sales__head">
        <h1 className="pos-sales__title">Cash drawer</h1>
      </header>
      {body}
      <PrintBridgeCard />
    </main>
  );
}

function OpenDrawerForm() {
  const { scope, device, money } = useRegisterContext();
  const { open } = useDrawerActions(scope, device.token);
  const [digits, setDigits] = useState('');
  return (
    <section className="pos-drawer__card" aria-labelledby="pos-drawer-open">
      <h2 id="pos-drawer-open" className="pos-drawer__title">
        The drawer is closed
      </h2>
      <p className="pos-drawer__hint">Count the float into the drawer and enter it to open it.</p>
      <Keypad
        label="Opening float"
        digits={digits}
        onChange={setDigits}
        format={money}
        disabled={open.isPending}
      />
      <Problems error={open.error} />
      <Button
        size="lg"
        className="pos-drawer__submit"
        loading={open.isPending}
        loadingText="Opening..."
        onClick={() => open.mutate(centsOfDigits(digits))}
      >
        Open drawer
      </Button>
    </section>
  );
}

function OpenSession({ session, onClosed }: { session: Session; onClosed: (s: Session) => void }) {
  const { money, register } = useRegisterContext();
  const { state } = useSession();
  const [moving, setMoving] = useState<MovementKind | null>(null);
  const [closing, setClosing] = useState(false);
  const me = state.status === 'authenticated' ? state.user : null;
  const openedBy = staffName(session.openedByName, session.openedBy, me);
  const { payIns, payOuts } = movementTotals(session.movements);
  return (
    <section className="pos-drawer__card" aria-labelledby="pos-drawer-session">
      <h2 id="pos-drawer-session" className="pos-drawer__title">
        The drawer is open
      </h2>
      <dl className="pos-figures pos-drawer__figures">
        <div>
          <dt>Opened</dt>
          <dd>
            {clockTime(session.openedAt, register.timezone)} by {openedBy}
          </dd>
        </div>
        <div>
          <dt>Opening float</dt>
          <dd data-testid="drawer-float">{money(session.openingFloat)}</dd>
        </div>
        <div>
          <dt>Paid in</dt>
          <dd>{money(payIns)}</dd>
        </div>
        <div>
          <dt>Paid out</dt>
          <dd>{money(payOuts)}</dd>
        </div>
      </dl>
      <Movements session={session} />
      <div className="pos-drawer__actions">
        <Button size="lg" variant="secondary" onClick={() => setMoving('pay_in')}>
          Pay in
        </Button>
        <Button size="lg" variant="secondary" onClick={() => setMoving('pay_out')}>
          Pay out
        </Button>
        <Button size="lg" className="pos-dialog__primary" onClick={() => setClosing(true)}>
          Close drawer
        </Button>
      </div>
      {moving && <MovementDialog kind={moving} onClose={() => setMoving(null)} />}
      {closing && (
        <CloseDrawerDialog
          onClose={() => setClosing(false)}
          onClosed={(closed) => {
            setClosing(false);
            onClosed(closed);
          }}
        />
      )}
    </section>
  );
}

function Movements({ session }: { session: Session }) {
  const { money, register } = useRegisterContext();
  if (session.movements.length === 0) return <p className="pos-drawer__hint">No pay-ins or pay-outs yet.</p>;
  return (
    <div className="pos-sales__scroll">
      <table className="pos-sales__table">
        <caption className="ui-visually-hidden">Pay-ins and pay-outs of this drawer</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Kind</th>
            <th scope="col">Reason</th>
            <th scope="col" className="pos-num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {session.movements.map((m) => (
            <tr key={m.movementId} data-movement={m.kind}>
              <td>{clockTime(m.at, register.timezone)}</td>
              <td>{KIND_LABELS[m.kind]}</td>
              <td>{m.reason}</td>
              <td className="pos-num">{`${m.kind === 'pay_out' ? '−' : '+'}${money(m.amount)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
