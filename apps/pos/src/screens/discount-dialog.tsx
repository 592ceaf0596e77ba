import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { useState } from 'react';
import type { Discount } from '../check-queries';

/**
 * A discount or comp on a line or on the whole check (docs/behaviour/pos.md#discounts-and-comps): an amount
 * or a percentage, and the reason; "Comp" is 100%. The server's refusals show in the check's alert; one
 * above the register's limit asks for a manager's passcode.
 */
export function DiscountDialog(props: {
  title: string;
  description: string;
  current: (Omit<Discount, 'reason'> & { reason: string }) | null;
  onClose: () => void;
  onDiscount: (discount: Discount) => Promise<boolean>;
}) {
  const { current } = props;
  const [kind, setKind] = useState<Discount['kind']>(current?.kind ?? 'percent');
  const [value, setValue] = useState(
    current ? String(kind === 'amount' ? current.value / 100 : current.value) : '',
  );
  const [reason, setReason] = useState(current?.reason ?? '');
  const [busy, setBusy] = useState(false);
  const number = Number(value);
  const valid = value.trim() !== '' && Number.isFinite(number) && number >= 0 && reason.trim() !== '';
  const send = async (discount: Discount) => {
    setBusy(true);
    const done = await props.onDiscount(discount);
    setBusy(false);
    if (done) props.onClose();
  };
  const asked = (): Discount => ({
    kind,
    value: kind === 'amount' ? Math.round(number * 100) : Math.round(number),
    reason: reason.trim(),
  });
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={props.title}
      description={props.description}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="secondary"
            disabled={reason.trim() === '' || busy}
            onClick={() => void send({ kind: 'percent', value: 100, reason: reason.trim() })}
          >
            Comp
          </Button>
          <Button disabled={!valid} loading={busy} loadingText="Saving..." onClick={() => void send(asked())}>
            Apply discount
          </Button>
        </>
      }
    >
      <fieldset aria-label="Discount by" className="pos-segment">
        {(['percent', 'amount'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="pos-segment__option"
            aria-pressed={kind === option}
            onClick={() => setKind(option)}
          >
            {option === 'percent' ? 'Percent' : 'Amount'}
          </button>
        ))}
      </fieldset>
      <TextField
        label={kind === 'percent' ? 'Percent off (0 takes it off)' : 'Amount off (0 takes it off)'}
        inputMode="decimal"
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <TextField label="Reason" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
    </Dialog>
  );
}
