import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { useState } from 'react';
import { type OpenCheck, useFloor } from '../check-queries';
import { useRegisterContext } from '../register/context';

/** The open check panel's dialogs and its pay buttons (open-check-panel.tsx). */

type Line = OpenCheck['lines'][number];

/** Where the check goes: a free table of the floor, or no table (a tab). */
export function MoveDialog(props: {
  check: OpenCheck;
  onClose: () => void;
  onMove: (tableId: number | null) => Promise<void>;
}) {
  const { scope, device } = useRegisterContext();
  const floor = useFloor(scope, device.token);
  const free = (floor.data?.rooms ?? []).flatMap((room) =>
    room.tables.filter((table) => table.state === 'free').map((table) => ({ ...table, room: room.name })),
  );
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={`Move check #${props.check.number}`}
      description="Choose a free table."
    >
      <div className="pos-move">
        {free.map((table) => (
          <button
            key={table.tableId}
            type="button"
            className="pos-option"
            onClick={() => void props.onMove(table.tableId)}
          >
            {table.name} · {table.room}
          </button>
        ))}
        {props.check.tableId !== null && (
          <button type="button" className="pos-option" onClick={() => void props.onMove(null)}>
            No table (a tab)
          </button>
        )}
        {floor.isSuccess && free.length === 0 && <p>No table is free.</p>}
      </div>
    </Dialog>
  );
}

/** "Pay", or with a card terminal "Cash" and "Card" side by side (as a sale's). */
export function PayButtons(props: {
  total: number;
  disabled: boolean;
  onPay: () => void;
  onPayCard?: (() => void) | undefined;
  /** A card keyed into the hosted card-entry frame (an open check). */
  onPayKeyed?: (() => void) | undefined;
}) {
  const { money } = useRegisterContext();
  const button = (label: string, onClick: () => void) => (
    <Button size="lg" block className="pos-check__pay" disabled={props.disabled} onClick={onClick}>
      {label} {money(props.total)}
    </Button>
  );
  const keyed = props.onPayKeyed && (
    <Button
      size="lg"
      variant="secondary"
      className="pos-check__keyed"
      disabled={props.disabled}
      onClick={props.onPayKeyed}
    >
      Keyed card
    </Button>
  );
  if (!props.onPayCard && !keyed) return button('Pay', props.onPay);
  return (
    <div className="pos-check__tenders pos-check__pay-row">
      {button(props.onPayCard ? 'Cash' : 'Pay', props.onPay)}
      {props.onPayCard && button('Card', props.onPayCard)}
      {keyed}
    </div>
  );
}

/** "Void 1 × Crispy Calamari": a sent line leaves the check with the manager's reason. */
export function VoidLineDialog(props: {
  line: Line;
  onClose: () => void;
  onVoid: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { line } = props;
  return (
    <Dialog
      open
      alert
      onClose={props.onClose}
      title={`Void ${line.quantity} × ${line.name}`}
      description="It was sent to the kitchen: it leaves the check with your reason."
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={reason.trim() === ''}
            loading={busy}
            loadingText="Voiding..."
            onClick={() => {
              setBusy(true);
              void props.onVoid(reason.trim()).finally(() => setBusy(false));
            }}
          >
            Void line
          </Button>
        </>
      }
    >
      <TextField label="Reason" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
    </Dialog>
  );
}
