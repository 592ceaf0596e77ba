import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { MOVEMENT_REASON_REQUIRED } from '@brigade/domain/pos/api';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { useSession } from '@brigade/ui/lib/session';
import { useId, useState } from 'react';
import { balanceOf, balanceText, KIND_LABELS, staffName } from '../drawer/figures';
import { type MovementKind, type Session, useDrawerActions } from '../drawer-queries';
import { clockTime } from '../money';
import { useRegisterContext } from '../register/context';
import { centsOfDigits, Keypad } from './keypad';

/** The server's messages for a refused drawer call: its field errors, else its detail. */
export function problemMessages(error: unknown): string[] {
  if (error instanceof ProblemError && error.errors.length > 0)
    return [...new Set(error.errors.map((e) => e.message))];
  return [errorMessage(error)];
}

export function Problems({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert title="The drawer was not changed">
      {problemMessages(error).map((message) => (
        <span key={message} className="pos-drawer__problem">
          {message}
        </span>
      ))}
    </Alert>
  );
}

/** A pay-in or pay-out: the amount on the keypad and its reason, both required. */
export function MovementDialog({ kind, onClose }: { kind: MovementKind; onClose: () => void }) {
  const { scope, device, money } = useRegisterContext();
  const { move } = useDrawerActions(scope, device.token);
  const [digits, setDigits] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (!reason.trim()) return setMissing(true);
    move.mutate({ kind, amount: centsOfDigits(digits), reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <Dialog
      open
      onClose={() => {
        if (!move.isPending) onClose();
      }}
      title={KIND_LABELS[kind]}
      description={
        kind === 'pay_in' ? 'Cash put into the drawer, and why.' : 'Cash taken out of the drawer, and why.'
      }
      size="lg"
      footer={
        <>
          <Button variant="secondary" size="lg" onClick={onClose} disabled={move.isPending}>
            Cancel
          </Button>
          <Button
            size="lg"
            className="pos-dialog__primary"
            disabled={digits === ''}
            loading={move.isPending}
            loadingText="Saving..."
            onClick={submit}
          >
            {KIND_LABELS[kind]} {money(centsOfDigits(digits))}
          </Button>
        </>
      }
    >
      <div className="pos-drawer__dialog">
        <Keypad label="Amount" digits={digits} onChange={setDigits} format={money} />
        <div className="pos-drawer__side">
          <TextField
            label="Reason"
            value={reason}
            maxLength={200}
            required
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
            error={missing ? MOVEMENT_REASON_REQUIRED : undefined}
          />
          <Problems error={move.error} />
        </div>
      </div>
    </Dialog>
  );
}

/** The blind count: what is in the drawer, and a note; nothing of what it should hold until it is sent. */
export function CloseDrawerDialog(props: { onClose: () => void; onClosed: (session: Session) => void }) {
  const { scope, device, money } = useRegisterContext();
  const { close } = useDrawerActions(scope, device.token);
  const [digits, setDigits] = useState('');
  const [note, setNote] = useState('');
  const noteId = useId();
  const submit = () =>
    close.mutate(
      { counted: centsOfDigits(digits), ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: props.onClosed },
    );
  return (
    <Dialog
      open
      onClose={() => {
        if (!close.isPending) props.onClose();
      }}
      title="Close drawer"
      description="Count all the cash in the drawer and enter it. What it should hold is shown after."
      size="lg"
      footer={
        <>
          <Button variant="secondary" size="lg" onClick={props.onClose} disabled={close.isPending}>
            Cancel
          </Button>
          <Button
            size="lg"
            className="pos-dialog__primary"
            loading={close.isPending}
            loadingText="Closing..."
            onClick={submit}
          >
            Close with {money(centsOfDigits(digits))} counted
          </Button>
        </>
      }
    >
      <div className="pos-drawer__dialog">
        <Keypad label="Counted cash" digits={digits} onChange={setDigits} format={money} />
        <div className="pos-drawer__side">
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={noteId}>
              Note (optional)
            </label>
            <textarea
              id={noteId}
              className="ui-field__input pos-drawer__note"
              value={note}
              maxLength={200}
              rows={3}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <Problems error={close.error} />
        </div>
      </div>
    </Dialog>
  );
}

/** The closed drawer: its cash sales, what it should have held, what was counted, and the difference. */
export function ClosedResult({ session, onDone }: { session: Session; onDone: () => void }) {
  const { money, register } = useRegisterContext();
  const { state } = useSession();
  const me = state.status === 'authenticated' ? state.user : null;
  const overShort = session.overShort ?? 0;
  return (
    <section className="pos-drawer__card" aria-labelledby="pos-drawer-closed">
      <h2 id="pos-drawer-closed" className="pos-drawer__title">
        Drawer closed
      </h2>
      <p className="pos-drawer__hint" data-testid="drawer-people">
        Opened {clockTime(session.openedAt, register.timezone)} by{' '}
        {staffName(session.openedByName, session.openedBy, me)}
        {session.closedAt &&
          `, closed ${clockTime(session.closedAt, register.timezone)} by ${staffName(session.closedByName, session.closedBy, me)}`}
      </p>
      <dl className="pos-figures pos-drawer__figures" data-testid="drawer-result">
        <div>
          <dt>Opening float</dt>
          <dd>{money(session.openingFloat)}</dd>
        </div>
        <div>
          <dt>Cash sales</dt>
          <dd data-testid="drawer-cash-sales">{money(session.cashSales ?? 0)}</dd>
        </div>
        <div>
          <dt>Expected</dt>
          <dd data-testid="drawer-expected">{money(session.expected ?? 0)}</dd>
        </div>
        <div>
          <dt>Counted</dt>
          <dd data-testid="drawer-counted">{money(session.counted ?? 0)}</dd>
        </div>
      </dl>
      <p className="pos-drawer__balance" data-balance={balanceOf(overShort)}>
        Over / short <strong data-testid="drawer-over-short">{balanceText(overShort, money)}</strong>
      </p>
      {session.note && <p className="pos-drawer__hint">Note: {session.note}</p>}
      <Button size="lg" className="pos-drawer__submit" onClick={onDone}>
        Done
      </Button>
    </section>
  );
}
