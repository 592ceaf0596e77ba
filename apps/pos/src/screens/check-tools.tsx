import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useState } from 'react';
import { type Discount, type OpenCheck, type Split, useOpenChecks } from '../check-queries';
import { useRegisterContext } from '../register/context';
import { DiscountDialog } from './discount-dialog';
import { PASSCODE_MIN, PasscodePad } from './passcode-pad';

/**
 * An open check's tools (docs/behaviour/pos.md#splitting-and-merging-checks): Split (by seat, by item,
 * evenly), Merge another open check into this one, Move items to another open check, Transfer to another
 * server, and a discount or comp on the whole check. Each is one
 * call naming the version shown; the server's refusal shows in the check's alert.
 */
export function CheckTools(props: {
  check: OpenCheck;
  disabled: boolean;
  onSplit: (split: Split) => Promise<boolean>;
  onMerge: (from: OpenCheck) => Promise<boolean>;
  onMoveLines: (lineIds: number[], to: OpenCheck) => Promise<boolean>;
  onTransfer: (employeeId: number) => Promise<boolean>;
  onDiscountCheck: (discount: Discount) => Promise<boolean>;
}) {
  const { money } = useRegisterContext();
  const [open, setOpen] = useState<'split' | 'merge' | 'move' | 'transfer' | 'discount' | null>(null);
  const close = () => setOpen(null);
  const { check } = props;
  return (
    <>
      <Button
        variant="secondary"
        disabled={props.disabled || check.lines.length === 0}
        onClick={() => setOpen('split')}
      >
        Split
      </Button>
      <Button variant="secondary" disabled={props.disabled} onClick={() => setOpen('merge')}>
        Merge
      </Button>
      <Button
        variant="secondary"
        disabled={props.disabled || check.lines.length < 2}
        onClick={() => setOpen('move')}
      >
        Move items
      </Button>
      <Button variant="secondary" disabled={props.disabled} onClick={() => setOpen('transfer')}>
        Transfer
      </Button>
      <Button
        variant="secondary"
        disabled={props.disabled || check.lines.length === 0}
        onClick={() => setOpen('discount')}
      >
        Discount check
      </Button>
      {open === 'split' && <SplitDialog check={check} onClose={close} onSplit={props.onSplit} />}
      {open === 'merge' && <MergeDialog check={check} onClose={close} onMerge={props.onMerge} />}
      {open === 'move' && <MoveLinesDialog check={check} onClose={close} onMoveLines={props.onMoveLines} />}
      {open === 'transfer' && <TransferDialog check={check} onClose={close} onTransfer={props.onTransfer} />}
      {open === 'discount' && (
        <DiscountDialog
          title={`Discount check #${check.number}`}
          description={`Now ${money(check.totals.subtotal)} before tax. An amount or a percentage of the check, and the reason.`}
          current={check.discount}
          onClose={close}
          onDiscount={props.onDiscountCheck}
        />
      )}
    </>
  );
}

type SplitWay = Split['by'];

function SplitDialog(props: {
  check: OpenCheck;
  onClose: () => void;
  onSplit: (split: Split) => Promise<boolean>;
}) {
  const { check } = props;
  const [way, setWay] = useState<SplitWay>('seat');
  const [chosen, setChosen] = useState<number[]>([]);
  const [parts, setParts] = useState(2);
  const [busy, setBusy] = useState(false);
  const seats = new Set(check.lines.map((line) => line.seat ?? 0)).size;
  const split: Split =
    way === 'seat'
      ? { by: 'seat' }
      : way === 'item'
        ? { by: 'item', lineIds: chosen }
        : { by: 'even', parts };
  const ready =
    way === 'seat'
      ? seats > 1
      : way === 'item'
        ? chosen.length > 0 && chosen.length < check.lines.length
        : true;
  const send = async () => {
    setBusy(true);
    const done = await props.onSplit(split);
    setBusy(false);
    if (done) props.onClose();
  };
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={`Split check #${check.number}`}
      description="Lines sent to the kitchen stay sent: nothing is sent again."
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={busy}>
            Cancel
          </Button>
          <Button disabled={!ready} loading={busy} loadingText="Splitting..." onClick={() => void send()}>
            Split check
          </Button>
        </>
      }
    >
      <fieldset aria-label="Split" className="pos-segment">
        {(
          [
            ['seat', 'By seat'],
            ['item', 'By item'],
            ['even', 'Evenly'],
          ] as const
        ).map(([option, label]) => (
          <button
            key={option}
            type="button"
            className="pos-segment__option"
            aria-pressed={way === option}
            onClick={() => setWay(option)}
          >
            {label}
          </button>
        ))}
      </fieldset>
      {way === 'seat' && (
        <p>
          {seats > 1
            ? `Each seat's lines become a check of their own on this table (${seats} checks).`
            : 'All the lines are on one seat: there is nothing to split by seat.'}
        </p>
      )}
      {way === 'item' && <SplitLines check={check} chosen={chosen} onChange={setChosen} />}
      {way === 'even' && <SplitParts total={check.totals.total} parts={parts} onChange={setParts} />}
    </Dialog>
  );
}

/** By item: the lines that go to the new check. */
function SplitLines(props: {
  check: OpenCheck;
  chosen: number[];
  onChange: (chosen: number[]) => void;
  legend?: string;
}) {
  const { money } = useRegisterContext();
  const { chosen } = props;
  const legend = props.legend ?? 'Lines to the new check';
  return (
    <fieldset className="pos-split-lines" aria-label={legend}>
      <legend>{legend}</legend>
      {props.check.lines.map((line) => (
        <label key={line.lineId} className="pos-option">
          <input
            type="checkbox"
            checked={chosen.includes(line.lineId)}
            onChange={(e) =>
              props.onChange(
                e.target.checked ? [...chosen, line.lineId] : chosen.filter((id) => id !== line.lineId),
              )
            }
          />{' '}
          {line.quantity} × {line.name} · {line.seat ? `Seat ${line.seat}` : 'Table'} ·{' '}
          {money(line.lineTotal)}
        </label>
      ))}
    </fieldset>
  );
}

/** Evenly: how many parts (2 to 20). */
function SplitParts(props: { total: number; parts: number; onChange: (parts: number) => void }) {
  const { money } = useRegisterContext();
  const { parts } = props;
  return (
    <div className="pos-split-even">
      <Button
        variant="secondary"
        aria-label="Fewer parts"
        disabled={parts <= 2}
        onClick={() => props.onChange(parts - 1)}
      >
        −
      </Button>
      <output aria-live="polite">
        {parts} parts of about {money(Math.ceil(props.total / parts))}
      </output>
      <Button
        variant="secondary"
        aria-label="More parts"
        disabled={parts >= 20}
        onClick={() => props.onChange(parts + 1)}
      >
        +
      </Button>
    </div>
  );
}

/** Move items: the lines chosen go to another open check (the kitchen's state goes with them). */
function MoveLinesDialog(props: {
  check: OpenCheck;
  onClose: () => void;
  onMoveLines: (lineIds: number[], to: OpenCheck) => Promise<boolean>;
}) {
  const { scope, device, money } = useRegisterContext();
  const checks = useOpenChecks(scope, device.token);
  const [chosen, setChosen] = useState<number[]>([]);
  const others = (checks.data ?? []).filter((c) => c.orderId !== props.check.orderId);
  const ready = chosen.length > 0 && chosen.length < props.check.lines.length;
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={`Move items from check #${props.check.number}`}
      description="Choose the lines, then the check they go to. Lines sent to the kitchen stay sent."
    >
      <SplitLines check={props.check} chosen={chosen} onChange={setChosen} legend="Lines to move" />
      <fieldset className="pos-move" aria-label="Move them to">
        <legend>Move them to</legend>
        {others.map((other) => (
          <button
            key={other.orderId}
            type="button"
            className="pos-option"
            disabled={!ready}
            onClick={() => void props.onMoveLines(chosen, other).then((done) => done && props.onClose())}
          >
            #{other.number} · {other.guestName ?? 'Counter'} · {money(other.totals.total)}
          </button>
        ))}
        {checks.isPending && <p>Reading the open checks...</p>}
        {checks.isSuccess && others.length === 0 && <p>No other check is open: split by item instead.</p>}
      </fieldset>
    </Dialog>
  );
}

/** Transfer: the check goes to another server (an active employee with access to the register). */
function TransferDialog(props: {
  check: OpenCheck;
  onClose: () => void;
  onTransfer: (employeeId: number) => Promise<boolean>;
}) {
  const { register } = useRegisterContext();
  const current = props.check.server?.employeeId;
  const servers = register.servers.filter((server) => server.employeeId !== current);
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={`Transfer check #${props.check.number}`}
      description={
        props.check.server
          ? `Served by ${props.check.server.name}. Choose who serves it now.`
          : 'Choose who serves it now.'
      }
    >
      <div className="pos-move">
        {servers.map((server) => (
          <button
            key={server.employeeId}
            type="button"
            className="pos-option"
            onClick={() => void props.onTransfer(server.employeeId).then((done) => done && props.onClose())}
          >
            {server.name}
          </button>
        ))}
        {servers.length === 0 && <p>No other employee has access to the register.</p>}
      </div>
    </Dialog>
  );
}

function MergeDialog(props: {
  check: OpenCheck;
  onClose: () => void;
  onMerge: (from: OpenCheck) => Promise<boolean>;
}) {
  const { scope, device, money } = useRegisterContext();
  const checks = useOpenChecks(scope, device.token);
  const others = (checks.data ?? []).filter((c) => c.orderId !== props.check.orderId);
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={`Merge into check #${props.check.number}`}
      description="The check you choose joins this one and is closed."
    >
      <div className="pos-move">
        {others.map((other) => (
          <button
            key={other.orderId}
            type="button"
            className="pos-option"
            onClick={() => void props.onMerge(other).then((done) => done && props.onClose())}
          >
            #{other.number} · {other.guestName ?? 'Counter'} · {money(other.totals.total)}
          </button>
        ))}
        {checks.isPending && <p>Reading the open checks...</p>}
        {checks.isSuccess && others.length === 0 && <p>No other check is open.</p>}
      </div>
    </Dialog>
  );
}

/**
 * A void or discount above the register's limit: a manager types their passcode here and the change is sent
 * again with it. The server checks it (a wrong one counts against the register, like the lock's).
 */
export function ApprovalPrompt(props: {
  onClose: () => void;
  onApprove: (passcode: string) => Promise<void>;
}) {
  const [digits, setDigits] = useState('');
  const [busy, setBusy] = useState(false);
  const enter = async () => {
    if (digits.length < PASSCODE_MIN || busy) return;
    setBusy(true);
    await props.onApprove(digits);
    setBusy(false);
    setDigits('');
  };
  return (
    <Dialog
      open
      onClose={props.onClose}
      title="Manager approval"
      description="This is above the register's limit: a manager enters their passcode to approve it."
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            disabled={digits.length < PASSCODE_MIN}
            loading={busy}
            loadingText="Checking..."
            onClick={() => void enter()}
          >
            Approve
          </Button>
        </>
      }
    >
      <PasscodePad digits={digits} onChange={setDigits} onEnter={() => void enter()} disabled={busy} />
    </Dialog>
  );
}
