import { REFUND_REASON_MESSAGE } from '@brigade/domain/ordering/api';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError, FormRow } from '@brigade/ui/app-kit/form';
import { MoneyField, TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useId, useState } from 'react';
import { z } from 'zod';
import { formatMinor, toMinor } from '../../payments-kit/format';
import { useIdempotentAttempts } from '../../payments-kit/idempotency';
import { dollars } from '../../payments-kit/schemas';
import { type Order, useRefundOrder } from './orders-api';

const refundFormSchema = z.object({
  amount: dollars('Amount', 0.01).optional(),
  reason: z
    .string({ error: REFUND_REASON_MESSAGE })
    .trim()
    .min(1, REFUND_REASON_MESSAGE)
    .max(200, 'Reason cannot exceed 200 characters'),
});
type RefundValues = z.output<typeof refundFormSchema>;

/** Statuses of an order the restaurant accepted (a sale): the ones a refund of part applies to. */
const SOLD = new Set(['accepted', 'in_preparation', 'ready', 'completed']);

/**
 * "Refund part" on the order page (managers and above; the page shows it to them only): an amount (blank
 * for what is left) and a reason. Before the payment settles the gateway cannot refund part of it, so the
 * refund is scheduled and goes out once it settles; the page says what is scheduled.
 */
export function RefundControl({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  if (!SOLD.has(order.status) || !order.transactionId) return null;
  const refundable = order.refundableAmount ?? 0;
  const scheduled = order.scheduledRefundAmount ?? 0;
  const money = (minor: number) => formatMinor(minor, order.currency);
  const waiting =
    scheduled > 0 ? (
      <p className="ord-refund__note ui-small ui-muted">
        {money(scheduled)} will be refunded once the payment settles (usually the next day).
      </p>
    ) : null;
  if (refundable === 0)
    return (
      waiting ?? (
        <p className="ord-refund__note ui-small ui-muted">
          {order.refundedAmount ? 'Refunded in full.' : 'Nothing is left to refund.'}
        </p>
      )
    );
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Refund part
      </Button>
      {waiting}
      {open && <RefundDialog order={order} refundable={refundable} onClose={() => setOpen(false)} />}
    </>
  );
}

function RefundDialog({
  order,
  refundable,
  onClose,
}: {
  order: Order;
  refundable: number;
  onClose: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const attempts = useIdempotentAttempts();
  const refund = useRefundOrder(order.orderId, attempts);
  const form = useZodForm(refundFormSchema, { defaultValues: { amount: undefined, reason: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const money = (minor: number) => formatMinor(minor, order.currency);
  // before settlement the refund waits for it (the server schedules it)
  const later = order.refundWaitsForSettlement === true;
  const submit = async (values: RefundValues) => {
    setProblem(null);
    try {
      const body = {
        reason: values.reason,
        ...(values.amount === undefined ? {} : { amount: toMinor(values.amount) }),
      };
      await refund.mutateAsync(body);
      toast.success(
        later ? `Order #${order.number}: refund scheduled` : `Order #${order.number}: refund approved`,
      );
      onClose();
    } catch (error) {
      setProblem(applyServerErrors(error, form));
    }
  };
  return (
    <Dialog
      open
      alert
      onClose={onClose}
      title={`Refund part of #${order.number}?`}
      description={
        later
          ? `Up to ${money(refundable)} can go back to the guest’s card. The payment has not settled yet: the refund is sent once it does (usually the next day). A refund cannot be undone.`
          : `Up to ${money(refundable)} can go back to the guest’s card. A refund cannot be undone.`
      }
      footer={
        <DialogFormFooter
          formId={formId}
          onCancel={onClose}
          pending={refund.isPending}
          submitLabel={later ? 'Schedule refund' : 'Refund'}
          pendingLabel={later ? 'Scheduling...' : 'Refunding...'}
          tone="danger"
        />
      }
    >
      <Form form={form} onSubmit={submit} id={formId} label="Refund part of the order">
        <FormRow>
          <MoneyField
            name="amount"
            label="Amount"
            hint={`Blank for all that is left (${money(refundable)})`}
          />
        </FormRow>
        <TextField name="reason" label="Reason" maxLength={200} hint="Kept in the order’s history" />
        {problem ? <FormError message={problem} title="It did not go through" /> : null}
      </Form>
    </Dialog>
  );
}
