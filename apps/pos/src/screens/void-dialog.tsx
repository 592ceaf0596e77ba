import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { useState } from 'react';
import { isDeviceRefusal, type Sale, useVoidSale } from '../queries';
import { useRegisterContext } from '../register/context';

/**
 * Voiding a sale (managers, docs/behaviour/pos.md#voiding-a-sale): the sale's number and total, a reason,
 * and the server's answer. Its refusals (no reason, already voided, not a manager) show in place.
 */
export function VoidDialog(props: { sale: Sale; onClose: () => void; onVoided: (sale: Sale) => void }) {
  const { sale, onClose } = props;
  const { scope, device, money, onRefused } = useRegisterContext();
  const voidSale = useVoidSale(scope, device.token);
  const [reason, setReason] = useState('');
  const error = voidSale.error;
  const fieldErrors = error instanceof ProblemError ? error.errors : [];
  const reasonError = fieldErrors.find((e) => e.path === 'reason')?.message;
  const otherError = error && !reasonError ? errorMessage(error) : null;
  const submit = () =>
    voidSale.mutate(
      { orderId: sale.orderId, reason: reason.trim() },
      {
        onSuccess: props.onVoided,
        onError: (refusal) => {
          if (isDeviceRefusal(refusal)) onRefused(errorMessage(refusal));
        },
      },
    );
  return (
    <Dialog
      open
      alert
      onClose={() => {
        if (!voidSale.isPending) onClose();
      }}
      title={`Void sale #${sale.number}`}
      description={`The sale is cancelled and the cash that paid it, ${money(sale.totals.total)}, is handed back from this register’s drawer.`}
      footer={
        <>
          <Button variant="secondary" size="lg" onClick={onClose} disabled={voidSale.isPending}>
            Keep the sale
          </Button>
          <Button
            variant="danger"
            size="lg"
            loading={voidSale.isPending}
            loadingText="Voiding..."
            onClick={submit}
          >
            Void and hand back {money(sale.totals.total)}
          </Button>
        </>
      }
    >
      <form
        className="pos-void"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <SaleFacts sale={sale} />
        <TextField
          label="Reason"
          value={reason}
          maxLength={200}
          required
          data-autofocus
          hint="Kept in the sale’s history."
          onChange={(event) => {
            setReason(event.target.value);
            if (voidSale.isError) voidSale.reset();
          }}
          error={reasonError}
        />
        {otherError && <Alert title="The sale was not voided">{otherError}</Alert>}
      </form>
    </Dialog>
  );
}

/** The sale being voided: its number (and name) and its total. */
function SaleFacts({ sale }: { sale: Sale }) {
  const { money } = useRegisterContext();
  return (
    <dl className="pos-figures pos-void__sale">
      <div>
        <dt>Sale</dt>
        <dd data-testid="void-sale">
          #{sale.number}
          {sale.guestName ? ` · ${sale.guestName}` : ''}
        </dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd data-testid="void-total">{money(sale.totals.total)}</dd>
      </div>
    </dl>
  );
}
